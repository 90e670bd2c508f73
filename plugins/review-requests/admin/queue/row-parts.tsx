// Cells shared by the table and the phone layout.
import { Link, Stack } from '@mui/material';
import { PushBadge } from '../push/PushBadge';
import { adminUrl, type QueueRow } from './queue-api';
import { RequestBadges } from './RequestBadges';
import { StatusBadge } from './StatusBadge';

// Fulfilled dates show only when later than 29 July 2025 (spec sections 2, 9).
const FULFILLED_SHOWN_AFTER = Date.parse('2025-07-29T23:59:59Z');
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
export const fulfilled = (iso: string | null) => (iso && Date.parse(iso) > FULFILLED_SHOWN_AFTER ? when(iso) : '—');

export function OrderLink({ row, shop }: { row: QueueRow; shop: string }) {
  return (
    <Link href={adminUrl(shop, 'orders', row.orderId)} target="_blank" rel="noopener noreferrer">
      {row.name}
    </Link>
  );
}

export function Badges({ row }: { row: QueueRow }) {
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <StatusBadge status={row.status} skipReason={row.skipReason} errorMessage={row.errorMessage} senderApp={row.senderApp} />
      <PushBadge push={row.pushQueue} />
      <RequestBadges row={row} />
    </Stack>
  );
}
