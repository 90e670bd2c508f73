import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueRow } from './queue-api';
import { CustomerCell } from './CustomerCell';
import { ItemThumbs } from './ItemThumbs';
import { Badges, fulfilled, OrderLink, when } from './row-parts';
import { RowMenu } from './RowMenu';

export interface RowsProps {
  rows: QueueRow[];
  selected: Set<number>;
  onSelect: (ids: Set<number>) => void;
  onAction: (a: string, r: QueueRow) => void;
  shop: string;
}

export const toggled = (selected: Set<number>, id: number) => {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

export function QueueTable(p: RowsProps) {
  const translate = useTranslate();
  const all = p.rows.length > 0 && p.rows.every((r) => p.selected.has(r.id));
  const t = (k: string) => translate(`review-requests:queue.column.${k}`);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              checked={all}
              onChange={() => p.onSelect(all ? new Set() : new Set(p.rows.map((r) => r.id)))}
              slotProps={{ input: { 'aria-label': translate('review-requests:queue.select_all') } }}
            />
          </TableCell>
          {['order', 'items', 'fulfilled', 'customer', 'scheduled', 'status', 'actions'].map((k) => (
            <TableCell key={k}>{t(k)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {p.rows.map((r) => (
          <TableRow key={r.id} hover selected={p.selected.has(r.id)} data-testid="queue-row">
            <TableCell padding="checkbox">
              <Checkbox
                checked={p.selected.has(r.id)}
                onChange={() => p.onSelect(toggled(p.selected, r.id))}
                slotProps={{ input: { 'aria-label': translate('review-requests:queue.select', { order: r.name }) } }}
              />
            </TableCell>
            <TableCell>
              <OrderLink row={r} shop={p.shop} />
            </TableCell>
            <TableCell>
              <ItemThumbs row={r} shop={p.shop} />
            </TableCell>
            <TableCell>{fulfilled(r.fulfilledDate)}</TableCell>
            <TableCell>
              <CustomerCell row={r} shop={p.shop} />
            </TableCell>
            <TableCell>{when(r.scheduledAt)}</TableCell>
            <TableCell>
              <Badges row={r} />
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
