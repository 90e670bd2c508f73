import { useEffect, useState } from 'react';
import { Box, Button, Chip, IconButton, Menu, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import ReloadIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { SORTS, type QueueFilters, type QueueState, type Sort } from '../queue-state';
import type { QueueRow } from '../queue-api';
import { FilterEditor } from './FilterEditor';
import { CLEAR_ALL, FILTER_KINDS, type FilterKind } from './kinds';

interface Props {
  state: QueueState;
  rows: QueueRow[];
  update: (patch: Partial<QueueState>) => void;
  onReload: () => void;
}

/** Search, the add-filter menu, sort and reload; then the applied filters as removable chips. */
export function FilterBar({ state, rows, update, onReload }: Props) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<{ kind: FilterKind; anchor: HTMLElement } | null>(null);
  const [draft, setDraft] = useState<Partial<QueueFilters> | null>(null);
  const [search, setSearch] = useState(state.searchText);
  // a reset (clear-all, or the reload after an action) empties the box too
  useEffect(() => setSearch(state.searchText), [state.searchText]);
  const chips = FILTER_KINDS.filter((k) => k.active(state)).flatMap((k) => k.chips(state, translate, rows).map((c) => ({ ...c, kind: k })));
  const edit = (kind: FilterKind, anchor: HTMLElement) => {
    setDraft(null);
    setEditing({ kind, anchor });
  };
  const t = (key: string) => translate(`review-requests:queue.filters.${key}`);
  const sortLabel = (sort: Sort) => {
    const [key, order] = sort.split('_');
    const direction = translate(`review-requests:queue.sort.dir.${key === 'orderNumber' ? 'number' : 'date'}_${order}`);
    return translate('review-requests:queue.sort.option', { key: translate(`review-requests:queue.sort.key.${key}`), direction });
  };

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {/* A form: Enter submits what the field holds, whatever React has rendered so far. */}
        <Box
          component="form"
          role="search"
          sx={{ flex: { xs: '1 1 100%', md: '1 1 220px' }, minWidth: 0 }}
          onSubmit={(e: React.FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            update({ searchText: String(new FormData(e.currentTarget).get('searchText') ?? '').trim() });
          }}
        >
          <TextField
            size="small"
            fullWidth
            name="searchText"
            label={translate('review-requests:queue.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Box>
        <Button variant="outlined" startIcon={<FilterIcon />} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)}>
          {t('add')}
        </Button>
        <Tooltip title={t('reload')}>
          <IconButton aria-label={t('reload')} onClick={onReload}>
            <ReloadIcon />
          </IconButton>
        </Tooltip>
        <TextField
          select
          size="small"
          label={t('sort')}
          value={state.sort}
          onChange={(e) => update({ sort: e.target.value as Sort })}
          sx={{ flex: { xs: '1 1 160px', md: '0 0 250px' } }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {sortLabel(s)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
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
