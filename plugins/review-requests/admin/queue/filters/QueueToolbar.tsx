import { memo, useEffect, useState } from 'react';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import ReloadIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { SORTS, type QueueState, type Sort } from '../queue-state';

interface Props {
  searchText: string;
  sort: Sort;
  update: (patch: Partial<QueueState>) => void;
  onReload: () => void;
  /** opens the add-filter menu at the button */
  onAddFilter: (anchor: HTMLElement) => void;
}

/**
 * Search, add filter, reload and sort. Memoised: opening the add-filter menu or a filter's editor
 * re-rendered these four MUI fields on every click (issue 36, the queue-filter INP).
 */
export const QueueToolbar = memo(function QueueToolbar({ searchText, sort, update, onReload, onAddFilter }: Props) {
  const translate = useTranslate();
  const [search, setSearch] = useState(searchText);
  // a reset (clear-all, or the reload after an action) empties the box too
  useEffect(() => setSearch(searchText), [searchText]);
  const t = (key: string) => translate(`review-requests:queue.filters.${key}`);
  const sortLabel = (s: Sort) => {
    const [key, order] = s.split('_');
    const direction = translate(`review-requests:queue.sort.dir.${key === 'orderNumber' ? 'number' : 'date'}_${order}`);
    return translate('review-requests:queue.sort.option', { key: translate(`review-requests:queue.sort.key.${key}`), direction });
  };
  return (
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
      <Button variant="outlined" startIcon={<FilterIcon />} aria-haspopup="menu" onClick={(e) => onAddFilter(e.currentTarget)}>
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
        value={sort}
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
  );
});
