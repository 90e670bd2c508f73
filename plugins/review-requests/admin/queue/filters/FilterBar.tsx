import { useState } from 'react';
import { Box, Button, Chip, Menu, MenuItem, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueFilters, QueueState } from '../queue-state';
import type { QueueRow } from '../queue-api';
import { FilterEditor } from './FilterEditor';
import { CLEAR_ALL, FILTER_KINDS, type FilterKind } from './kinds';
import { QueueToolbar } from './QueueToolbar';

interface Props {
  state: QueueState;
  rows: QueueRow[];
  update: (patch: Partial<QueueState>) => void;
  onReload: () => void;
}

/** The toolbar (search, add filter, reload, sort), the add-filter menu and a filter's editor; then the applied filters as removable chips. */
export function FilterBar({ state, rows, update, onReload }: Props) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{ kind: FilterKind; anchor: HTMLElement } | null>(null);
  const [draft, setDraft] = useState<Partial<QueueFilters> | null>(null);
  const chips = FILTER_KINDS.filter((k) => k.active(state)).flatMap((k) => k.chips(state, translate, rows).map((c) => ({ ...c, kind: k })));
  const edit = (kind: FilterKind, anchor: HTMLElement) => {
    setDraft(null);
    setEditing({ kind, anchor });
  };
  const t = (key: string) => translate(`review-requests:queue.filters.${key}`);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <QueueToolbar searchText={state.searchText} sort={state.sort} update={update} onReload={onReload} onAddFilter={setMenu} />
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {FILTER_KINDS.map((k) => (
          <MenuItem
            key={k.key}
            onClick={() => {
              const anchor = menu!;
              setMenu(null);
              edit(k, anchor);
            }}
          >
            {t(`kind.${k.key}`)}
          </MenuItem>
        ))}
      </Menu>
      {editing && (
        <FilterEditor
          anchor={editing.anchor}
          title={t(`kind.${editing.kind.key}`)}
          canApply={!!draft}
          onClose={() => setEditing(null)}
          onApply={() => {
            update(draft!);
            setEditing(null);
          }}
        >
          {editing.kind.editor(state, setDraft, rows)}
        </FilterEditor>
      )}
      {(chips.length > 0 || state.searchText) && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label={t('applied')} role="group">
          {chips.map((c) => (
            <Chip key={c.label} label={c.label} onClick={(e) => edit(c.kind, e.currentTarget)} onDelete={() => update(c.clear)} sx={{ maxWidth: '100%' }} />
          ))}
          <Button size="small" onClick={() => update(CLEAR_ALL)}>
            {t('clear_all')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
