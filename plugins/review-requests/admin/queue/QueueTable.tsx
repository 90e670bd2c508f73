import { Checkbox, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueRow } from './queue-api';
import { PushBadge } from '../push/PushBadge';
import { RowMenu } from './RowMenu';
import { StatusBadge } from './StatusBadge';

// Fulfilled dates show only when later than 29 July 2025 (spec section 2).
const FULFILLED_SHOWN_AFTER = Date.parse('2025-07-29T23:59:59Z');
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function QueueTable(p: { rows: QueueRow[]; selected: Set<number>; onSelect: (ids: Set<number>) => void; onAction: (a: string, r: QueueRow) => void; shop: string }) {
  const translate = useTranslate();
  const all = p.rows.length > 0 && p.rows.every((r) => p.selected.has(r.id));
  const toggle = (id: number) => {
    const next = new Set(p.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    p.onSelect(next);
  };
  const t = (k: string) => translate(`review-requests:queue.column.${k}`);
  return (
    <Table size="small" sx={{ minWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox checked={all} onChange={() => p.onSelect(all ? new Set() : new Set(p.rows.map((r) => r.id)))} slotProps={{ input: { 'aria-label': translate('review-requests:queue.select_all') } }} />
          </TableCell>
          {['order', 'items', 'fulfilled', 'customer', 'scheduled', 'status', 'actions'].map((k) => (
            <TableCell key={k}>{t(k)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {p.rows.map((r) => (
          <TableRow key={r.id} hover selected={p.selected.has(r.id)}>
            <TableCell padding="checkbox">
              <Checkbox checked={p.selected.has(r.id)} onChange={() => toggle(r.id)} slotProps={{ input: { 'aria-label': translate('review-requests:queue.select', { order: r.name }) } }} />
            </TableCell>
            <TableCell>
              <Link href={`https://${p.shop}/admin/orders/${r.orderId}`} target="_blank" rel="noopener noreferrer">
                {r.name}
              </Link>
            </TableCell>
            <TableCell>
              {r.lineItems.slice(0, 3).map((li, i) => (
                <Typography key={i} variant="body2" noWrap sx={{ maxWidth: 200 }}>
                  {li.title}
                </Typography>
              ))}
            </TableCell>
            <TableCell>{r.fulfilledDate && Date.parse(r.fulfilledDate) > FULFILLED_SHOWN_AFTER ? when(r.fulfilledDate) : '—'}</TableCell>
            <TableCell>
              {r.customerEmail ? (
                r.customerName ?? r.customerEmail
              ) : (
                <Tooltip title={translate('review-requests:queue.email_not_found')}>
                  <span>{r.customerName ?? '—'}</span>
                </Tooltip>
              )}
            </TableCell>
            <TableCell>{when(r.scheduledAt)}</TableCell>
            <TableCell>
              <StatusBadge status={r.status} skipReason={r.skipReason} errorMessage={r.errorMessage} />
              <PushBadge push={r.pushQueue} />
            </TableCell>
            <TableCell>
              <RowMenu row={r} onAction={p.onAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
