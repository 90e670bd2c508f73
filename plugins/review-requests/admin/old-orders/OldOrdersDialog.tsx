import { useEffect, useState } from 'react';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { money, oldOrdersApi, type OldOrdersPage } from './old-orders-api';

type Cursor = { endCursor?: string | null; startCursor?: string | null };

/** The old orders, a page of 10 at a time (spec section 2: order, items, customer, payment status, total). */
export function OldOrdersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [cursor, setCursor] = useState<Cursor>({});
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<OldOrdersPage | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    oldOrdersApi
      .page(cursor)
      .then((p) => live && setPage(p))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, cursor]);
  const t = (k: string, o?: object) => translate(`review-requests:old_orders.${k}`, o);
  const pages = page ? Math.max(1, Math.ceil(page.count / 10)) : 1;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('dialog_title', { count: page?.count ?? 0, days: 60 })}</DialogTitle>
      <DialogContent sx={{ overflowX: 'auto' }}>
        {loading && <LinearProgress sx={{ mb: 1 }} />}
        <Table size="small" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              {['order', 'items', 'customer', 'payment', 'total'].map((k) => (
                <TableCell key={k} align={k === 'total' ? 'right' : 'left'}>
                  {t(`column.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {page?.orders.map((o) => (
              <TableRow key={o.id}>
                <TableCell>{o.name}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    {o.lineItems.slice(0, 3).map((li, i) => (
                      <Avatar key={i} variant="rounded" src={li.image ?? undefined} alt={li.title} sx={{ width: 32, height: 32 }}>
                        {li.title.slice(0, 1)}
                      </Avatar>
                    ))}
                    <Typography variant="body2" noWrap sx={{ maxWidth: 180 }}>
                      {o.lineItems.map((li) => li.title).join(', ')}
                    </Typography>
                  </Stack>
                </TableCell>
                <TableCell>{o.customer ?? o.email ?? '—'}</TableCell>
                <TableCell>{t(`financial.${o.displayFinancialStatus}`, { _: o.displayFinancialStatus })}</TableCell>
                <TableCell align="right">{money(o.currentTotalPriceSet.shopMoney, locale)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Typography sx={{ mr: 'auto', pl: 2 }} aria-live="polite">
          {t('page', { page: pageNo, pages })}
        </Typography>
        <Button
          disabled={!page?.pageInfo.hasPreviousPage || loading}
          onClick={() => {
            setCursor({ startCursor: page!.pageInfo.startCursor });
            setPageNo((n) => Math.max(1, n - 1));
          }}
        >
          {translate('review-requests:queue.previous')}
        </Button>
        <Button
          disabled={!page?.pageInfo.hasNextPage || loading}
          onClick={() => {
            setCursor({ endCursor: page!.pageInfo.endCursor });
            setPageNo((n) => n + 1);
          }}
        >
          {translate('review-requests:queue.next')}
        </Button>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
