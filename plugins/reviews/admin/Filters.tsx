import { useEffect, useState } from 'react';
import { Badge, Box, Button, Collapse, MenuItem, TextField, useMediaQuery, useTheme } from '@mui/material';
import FilterIcon from '@mui/icons-material/FilterList';
import { useNotify, useTranslate } from 'react-admin';
import { ProductPicker } from '@plaudit/kernel/admin';
import { PAGE_SIZES, SORTS, SOURCES } from '../shared/review';
import type { LabelFacets } from '../shared/labels';
import { dateRangeError, type FilterState } from './list-state';
import { LabelFilters, NeedsLookFilter } from './LabelFilters';
import { downloadExport } from './reviews-api';

export type { FilterState };

interface Props {
  value: FilterState;
  onChange: (patch: Partial<FilterState>) => void;
  limit: number;
  onLimit: (n: number) => void;
  /** other plugins' labels on the listed reviews: their filters (null: none known) */
  facets: LabelFacets | null;
}

// two fields a row on a phone, 170 px each on wider screens
const ROW = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: 1,
  '& > .MuiFormControl-root': { width: { xs: 'calc(50% - 4px)', md: 170 }, m: 0 },
} as const;

/** How many filters narrow the list (sort and page size do not): the count on the phone's filter button. */
export const activeFilters = (v: FilterState) =>
  [v.rating.length > 0, v.productId, v.source, v.from, v.to, v.hasMedia, v.verified, v.replied, v.tone].filter(Boolean).length +
  new Set(v.label.map((ref) => ref.split(':')[0])).size;

/**
 * Search, filters (rating, product, source, dates, media, verified, replied, other plugins' labels),
 * sort, page size and export. On a phone only the search and the "Needs a look" quick filter show;
 * the rest folds behind a button, so reviews come first.
 */
export function Filters({ value, onChange, limit, onLimit, facets }: Props) {
  const translate = useTranslate();
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const exportAs = (format: 'csv' | 'xml') => downloadExport(format).catch(() => notify('reviews:toast.export_failed', { type: 'error' }));
  const set = onChange;

  // The search box commits a moment after typing stops (or on Enter), not on every key.
  const [search, setSearch] = useState(value.search);
  useEffect(() => setSearch(value.search), [value.search]);
  useEffect(() => {
    if (search === value.search) return;
    const t = setTimeout(() => set({ search }), 400);
    return () => clearTimeout(t);
  }, [search]); // commits only what the merchant typed

  const rangeError = dateRangeError(value) ? translate('reviews:errors.date_range') : undefined;
  const yesNo = (key: 'hasMedia' | 'verified' | 'replied') => (
    <TextField
      select
      size="small"
      label={translate(`reviews:filters.${key}`)}
      value={value[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<FilterState>)}
      sx={{ minWidth: 120 }}
    >
      <MenuItem value="">{translate('reviews:filters.any')}</MenuItem>
      <MenuItem value="true">{translate('reviews:filters.yes')}</MenuItem>
      <MenuItem value="false">{translate('reviews:filters.no')}</MenuItem>
    </TextField>
  );
  const day = (key: 'from' | 'to') => (
    <TextField
      size="small"
      type="date"
      label={translate(`reviews:filters.${key}`)}
      value={value[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<FilterState>)}
      error={!!rangeError}
      helperText={key === 'to' ? rangeError : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const rest = (
    <>
      <TextField
        select
        size="small"
        label={translate('reviews:filters.rating')}
        value={value.rating}
        slotProps={{ select: { multiple: true } }}
        onChange={(e) => set({ rating: (e.target.value as unknown as number[]).map(Number) })}
        sx={{ minWidth: 120 }}
      >
        {[5, 4, 3, 2, 1].map((n) => (
          <MenuItem key={n} value={n}>
            {translate('reviews:filters.stars', { smart_count: n })}
          </MenuItem>
        ))}
      </TextField>
      <ProductPicker
        value={value.productId ? { id: value.productId, title: value.productTitle || value.productId } : null}
        onChange={(p) => set({ productId: p?.id ?? '', productTitle: p?.title ?? '' })}
        label={translate('reviews:filters.product')}
        width={240}
      />
      <TextField
        select
        size="small"
        label={translate('reviews:filters.source')}
        value={value.source}
        onChange={(e) => set({ source: e.target.value })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{translate('reviews:filters.any')}</MenuItem>
        {SOURCES.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`reviews:source.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <LabelFilters facets={facets} value={value} onChange={set} />
      {day('from')}
      {day('to')}
      {yesNo('hasMedia')}
      {yesNo('verified')}
      {yesNo('replied')}
      <TextField
        select
        size="small"
        label={translate('reviews:filters.sort')}
        value={value.sort}
        onChange={(e) => set({ sort: e.target.value as FilterState['sort'] })}
      >
        {SORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`reviews:sort.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={translate('reviews:filters.per_page')} value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
        {PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={() => exportAs('csv')}>{translate('reviews:export.csv')}</Button>
      <Button onClick={() => exportAs('xml')}>{translate('reviews:export.xml')}</Button>
    </>
  );
  return (
    <Box sx={{ my: 2 }}>
      <Box sx={ROW}>
        <TextField
          size="small"
          label={translate('reviews:filters.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && set({ search: (e.target as HTMLInputElement).value })}
        />
        <NeedsLookFilter facets={facets} active={value.needsLook === 'true'} onChange={(on) => set({ needsLook: on ? 'true' : '' })} />
        {phone ? (
          <Button
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            startIcon={
              <Badge badgeContent={activeFilters(value)} color="primary">
                <FilterIcon />
              </Badge>
            }
          >
            {translate(open ? 'reviews:filters.hide' : 'reviews:filters.show')}
          </Button>
        ) : (
          rest
        )}
      </Box>
      {phone && (
        <Collapse in={open} unmountOnExit>
          <Box sx={{ ...ROW, mt: 1 }}>{rest}</Box>
        </Collapse>
      )}
    </Box>
  );
}
