// Saved views beside a list's tabs: the merchant's named tab, filters, sort and page size of this
// screen, applied from a menu, saved, updated with the current state, renamed and deleted. Works on
// any list whose state lives in the query string (react-admin's <List> included). Strings:
// plaudit.saved_views.* in the kernel locales.
import { useCallback, useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Menu, MenuItem, TextField } from '@mui/material';
import ViewsIcon from '@mui/icons-material/BookmarksOutlined';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiJson } from '../api-client';
import { applyView, nameErrorKey, sameParams, type SavedView, VIEW_PARAM, viewParams } from '../saved-views';

interface Props {
  /** the screen's id, unique across plugins: the plugin's id ('reviews') */
  screen: string;
  /** query parameters that are not the list's state (a cursor, a page number, where the merchant came from): never saved */
  omit?: readonly string[];
}

const send = <T,>(path: string, method: string, body?: unknown) => apiJson<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

/** GET/POST/PUT/DELETE /api/saved-views */
const savedViewsApi = {
  list: async (screen: string) => (await apiJson<{ items: SavedView[] }>(`/saved-views?screen=${encodeURIComponent(screen)}`)).items,
  create: (screen: string, name: string, params: Record<string, string>) => send<SavedView>('/saved-views', 'POST', { screen, name, params }),
  update: (id: number, patch: { name?: string; params?: Record<string, string> }) => send<SavedView>(`/saved-views/${id}`, 'PUT', patch),
  remove: (id: number) => send<{ success: true }>(`/saved-views/${id}`, 'DELETE'),
};

type Naming = { mode: 'create' } | { mode: 'rename'; view: SavedView };

export function SavedViews({ screen, omit = [] }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [search, setSearch] = useSearchParams();
  const [views, setViews] = useState<SavedView[]>([]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const t = (key: string, options?: object) => translate(`plaudit.saved_views.${key}`, options);

  const load = useCallback(() => savedViewsApi.list(screen).then(setViews), [screen]);
  useEffect(() => {
    load().catch(() => setViews([]));
  }, [load]);

  const current = viewParams(search, omit);
  const active = views.find((v) => String(v.id) === search.get(VIEW_PARAM));
  const changed = !!active && !sameParams(active.params, current);
  const label = active ? `${active.name}${changed ? ` (${t('changed')})` : ''}` : t('button');
  const close = () => setAnchor(null);
  const failed = () => notify('plaudit.saved_views.failed', { type: 'error' });

  const update = async (view: SavedView) => {
    close();
    try {
      await savedViewsApi.update(view.id, { params: current });
      await load();
      notify('plaudit.saved_views.updated', { type: 'success', messageArgs: { name: view.name } });
    } catch {
      failed();
    }
  };

  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={<ViewsIcon />}
        endIcon={<ExpandIcon />}
        aria-haspopup="menu"
        aria-label={label}
        sx={{
          flexShrink: 0,
          minWidth: 0,
          maxWidth: { xs: 150, sm: 280 },
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
          // on a phone the built-in tabs keep the room: the icon alone stands for "Saved views"
          '& .label.idle': { display: { xs: 'none', sm: 'block' } },
          '& .MuiButton-startIcon': { mr: { xs: active ? 1 : 0, sm: 1 } },
        }}
      >
        <span className={active ? 'label' : 'label idle'}>{label}</span>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {views.length === 0 && <MenuItem disabled>{t('none')}</MenuItem>}
        {views.map((v) => (
          <MenuItem
            key={v.id}
            selected={v.id === active?.id}
            onClick={() => {
              close();
              setSearch(applyView(v));
            }}
          >
            {v.name}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setNaming({ mode: 'create' });
          }}
        >
          {t('save_new')}
        </MenuItem>
        {active && [
          <MenuItem key="update" disabled={!changed} onClick={() => update(active)}>
            {t('update', { name: active.name })}
          </MenuItem>,
          <MenuItem
            key="rename"
            onClick={() => {
              close();
              setNaming({ mode: 'rename', view: active });
            }}
          >
            {t('rename', { name: active.name })}
          </MenuItem>,
          <MenuItem
            key="delete"
            onClick={() => {
              close();
              setDeleting(active);
            }}
          >
            {t('delete', { name: active.name })}
          </MenuItem>,
        ]}
      </Menu>
      {naming && (
        <NameDialog
          title={naming.mode === 'create' ? t('save_title') : t('rename_title')}
          initial={naming.mode === 'rename' ? naming.view.name : ''}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            const saved = naming.mode === 'create' ? await savedViewsApi.create(screen, name, current) : await savedViewsApi.update(naming.view.id, { name });
            setNaming(null);
            await load();
            notify(naming.mode === 'create' ? 'plaudit.saved_views.saved' : 'plaudit.saved_views.renamed', {
              type: 'success',
              messageArgs: { name: saved.name },
            });
            if (naming.mode === 'create') setSearch(applyView(saved));
          }}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title="plaudit.saved_views.delete_title"
        content="plaudit.saved_views.delete_text"
        translateOptions={{ name: deleting?.name ?? '' }}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const view = deleting!;
          setDeleting(null);
          try {
            await savedViewsApi.remove(view.id);
            await load();
            notify('plaudit.saved_views.deleted', { type: 'success', messageArgs: { name: view.name } });
            // the list stays as it is; it is just no longer that view
            if (search.get(VIEW_PARAM) === String(view.id)) setSearch(new URLSearchParams(current));
          } catch {
            failed();
          }
        }}
      />
    </>
  );
}

/** The name of a new or renamed view; the server's refusal (a taken name) shows under the field. */
function NameDialog({ title, initial, onClose, onSave }: { title: string; initial: string; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('plaudit.validation.required');
    setBusy(true);
    try {
      await onSave(name.trim());
    } catch (err) {
      setError(nameErrorKey(err));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <form onSubmit={submit}>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('plaudit.saved_views.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ? translate(error) : ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('plaudit.saved_views.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('plaudit.saved_views.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
