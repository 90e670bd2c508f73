// The review list's table, its selection and the bulk bar. The selection is this component's state,
// not the list's: ticking rows (or all 50 of a page) re-renders the table's checkboxes and the bar,
// not the list's tabs, saved views and filters (MUI's Tabs measures itself after every render, a
// forced layout of the whole page: issue 36's select-all interaction, bench/RESULTS.md).
import { useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SelectionBox } from '@plaudit/kernel/admin';
import type { Action, Review } from '../shared/review';
import { BulkBar } from './BulkBar';
import { ReviewCells } from './ReviewCells';

const COLUMNS = ['rating', 'content', 'customer', 'product', 'status', 'created'] as const;

interface Props {
  tab: string;
  /** the page's reviews, null while the first page loads */
  rows: Review[] | null;
  onBulk: (action: Action, ids: number[]) => void;
  /** stable, so that ReviewCells (memoised) skips the rows a selection does not change */
  onRowAction: (action: Action | 'request-edit', review: Review) => void;
}

export function ReviewTable({ tab, rows, onBulk, onRowAction }: Props) {
  const translate = useTranslate();
  // the selection belongs to the page it was made on: a new page (after an action, a filter) starts empty
  const [selection, setSelection] = useState<{ of: Review[] | null; ids: number[] }>({ of: rows, ids: [] });
  const selected = selection.of === rows ? selection.ids : [];
  const select = (ids: number[]) => setSelection({ of: rows, ids });
  const page = rows ?? [];
  const allChecked = page.length > 0 && selected.length === page.length;
  const toggle = (id: number) => select(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const nameOf = (r: Review) => [r.firstName, r.lastName].filter(Boolean).join(' ') || (r.email ?? '');

  return (
    <>
      {/* on a phone the table scrolls sideways inside the card, not the whole page */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="reviews-table">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <SelectionBox
                  checked={allChecked}
                  indeterminate={selected.length > 0 && !allChecked}
                  onChange={() => select(allChecked ? [] : page.map((r) => r.id))}
                  label={translate('reviews:list.select_all')}
                />
              </TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c}>{translate(`reviews:fields.${c}`)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {page.map((r) => (
              <TableRow key={r.id} data-testid="review-row" hover>
                <TableCell padding="checkbox">
                  <SelectionBox checked={selected.includes(r.id)} onChange={() => toggle(r.id)} label={translate('reviews:list.select', { name: nameOf(r) })} />
                </TableCell>
                <ReviewCells review={r} onAction={onRowAction} />
              </TableRow>
            ))}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 2}>{translate('reviews:list.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {/* after the table, not above it: appearing, it moves no row (no re-layout of the table) */}
      {selected.length > 0 && <BulkBar tab={tab} count={selected.length} onAction={(a) => onBulk(a, selected)} />}
    </>
  );
}
