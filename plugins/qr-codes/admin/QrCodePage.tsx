// /collect-reviews/qr-code: the products, each with its review count and a Generate action (spec
// section 2). List state lives in the query string (sort, searchText, limitPerPage, after/before, page).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  IconButton,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Title, useTranslate } from 'react-admin';
import { shortTitle } from '../shared/card';
import { PAGE_SIZES, SORTS, type QrProductPage, type QrProductRow } from '../shared/products';
import { listProducts } from './api';
import { GenerateDialog } from './GenerateDialog';

const PAGING = ['after', 'before', 'page'];

export default function QrCodePage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const [result, setResult] = useState<QrProductPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState(params.get('searchText') ?? '');
  const [open, setOpen] = useState<QrProductRow | null>(null);
  const query = params.toString();

  useEffect(() => {
    let live = true;
    setFailed(false);
    listProducts(new URLSearchParams(query)).then(
      (r) => live && setResult(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [query]);

  // A new search, sort or page size starts again at page 1.
  const change = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const k of PAGING) next.delete(k);
    for (const [k, v] of Object.entries(patch)) v ? next.set(k, v) : next.delete(k);
    setParams(next);
  };
  useEffect(() => {
    if (search === (params.get('searchText') ?? '')) return;
    const timer = setTimeout(() => change({ searchText: search.trim() }), 350);
    return () => clearTimeout(timer);
  });
  const page = Number(params.get('page') ?? 1);
  const go = (dir: 'after' | 'before') => {
    const info = result!.pageInfo;
    const next = new URLSearchParams(params);
    next.delete('after');
    next.delete('before');
    next.set(dir, (dir === 'after' ? info.nextCursor : info.previousCursor) ?? '');
    next.set('page', String(dir === 'after' ? page + 1 : Math.max(1, page - 1)));
    setParams(next);
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('qr-codes:list.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('qr-codes:list.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/collect-reviews/qr-code/edit-for-product">
          {translate('qr-codes:list.edit_card')}
        </Button>
      </Stack>
      <Card>
        <Tabs value="all" sx={{ px: 2 }}>
          <Tab value="all" label={translate('qr-codes:list.tab_all')} />
        </Tabs>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }}>
          <TextField
            size="small"
            type="search"
            label={translate('qr-codes:list.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <TextField
            select
            size="small"
            label={translate('qr-codes:list.sort')}
            value={params.get('sort') ?? SORTS[0]}
            onChange={(e) => change({ sort: e.target.value })}
            sx={{ minWidth: 260 }}
          >
            {SORTS.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(`qr-codes:list.${s === 'lastImportedAt_desc' ? 'sort_desc' : 'sort_asc'}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {failed && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {translate('qr-codes:list.load_failed')}
          </Alert>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('qr-codes:list.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('qr-codes:list.product')}</TableCell>
                <TableCell align="right">{translate('qr-codes:list.reviews')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {translate('qr-codes:list.scans')}
                </TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {result?.data.map((row) => (
                <TableRow key={row.productId} hover>
                  <TableCell>
                    <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1.5}>
                      <Avatar variant="rounded" src={row.image ?? undefined} alt="" sx={{ width: 40, height: 40 }} />
                      <Tooltip title={row.title}>
                        <span>{shortTitle(row.title)}</span>
                      </Tooltip>
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{row.allStarCount}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {row.scans}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" onClick={() => setOpen(row)} aria-label={`${translate('qr-codes:list.generate')}: ${row.title}`}>
                      {translate('qr-codes:list.generate')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {result && !result.data.length && (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ py: 4 }}>
                    {translate('qr-codes:list.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', p: 1 }}>
          <TextField
            select
            size="small"
            label={translate('qr-codes:list.per_page')}
            value={params.get('limitPerPage') ?? '10'}
            onChange={(e) => change({ limitPerPage: e.target.value })}
            sx={{ minWidth: 130 }}
          >
            {PAGE_SIZES.map((n) => (
              <MenuItem key={n} value={String(n)}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <IconButton aria-label={translate('qr-codes:list.previous')} disabled={!result?.pageInfo.hasPre} onClick={() => go('before')}>
            <ChevronLeft />
          </IconButton>
          <Typography variant="body2" aria-live="polite">
            {page}
          </Typography>
          <IconButton aria-label={translate('qr-codes:list.next')} disabled={!result?.pageInfo.hasNext} onClick={() => go('after')}>
            <ChevronRight />
          </IconButton>
        </Stack>
      </Card>
      {open && <GenerateDialog row={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
