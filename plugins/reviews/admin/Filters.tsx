import { useEffect, useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { ProductPicker } from '@plaudit/kernel/admin';
import { PAGE_SIZES, SORTS, SOURCES } from '../shared/review';
import { dateRangeError, type FilterState } from './list-state';
import { downloadExport } from './reviews-api';

export type { FilterState };

interface Props {
  value: FilterState;
  onChange: (patch: Partial<FilterState>) => void;
  limit: number;
  onLimit: (n: number) => void;
}

/** Search, filters (rating, product, source, dates, media, verified, replied), sort, page size and export. */
export function Filters({ value, onChange, limit, onLimit }: Props) {
  const translate = useTranslate();
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
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, my: 2, '& > .MuiFormControl-root': { width: 170, m: 0 } }}>
      <TextField
        size="small"
        label={translate('reviews:filters.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && set({ search: (e.target as HTMLInputElement).value })}
      />
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
    </Box>
  );
}
