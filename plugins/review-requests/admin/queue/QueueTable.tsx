import { type Dispatch, memo, type SetStateAction } from 'react';
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
  /** the selection's state setter: a row toggles itself from the current selection */
  onSelect: Dispatch<SetStateAction<Set<number>>>;
  /** stable across renders, so that unchanged rows are not rendered again */
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
          <QueueTableRow key={r.id} row={r} checked={p.selected.has(r.id)} onSelect={p.onSelect} onAction={p.onAction} shop={p.shop} />
        ))}
      </TableBody>
    </Table>
  );
}

interface RowProps {
  row: QueueRow;
  checked: boolean;
  onSelect: RowsProps['onSelect'];
  onAction: RowsProps['onAction'];
  shop: string;
}

/**
 * One request. Memoised: a filter, a tab or a selection re-renders the page, and rendering the 40
 * rows again (MUI checkboxes, thumbnails, badges, menus) was most of such a click (issue 36).
 */
const QueueTableRow = memo(function QueueTableRow({ row: r, checked, onSelect, onAction, shop }: RowProps) {
  const translate = useTranslate();
  return (
    <TableRow hover selected={checked} data-testid="queue-row">
      <TableCell padding="checkbox">
        <Checkbox
          checked={checked}
          onChange={() => onSelect((selected) => toggled(selected, r.id))}
          slotProps={{ input: { 'aria-label': translate('review-requests:queue.select', { order: r.name }) } }}
        />
      </TableCell>
      <TableCell>
        <OrderLink row={r} shop={shop} />
      </TableCell>
      <TableCell>
        <ItemThumbs row={r} shop={shop} />
      </TableCell>
      <TableCell>{fulfilled(r.fulfilledDate)}</TableCell>
      <TableCell>
        <CustomerCell row={r} shop={shop} />
      </TableCell>
      <TableCell>{when(r.scheduledAt)}</TableCell>
      <TableCell>
        <Badges row={r} />
      </TableCell>
      <TableCell>
        <RowMenu row={r} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
});
