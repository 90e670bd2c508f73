// Issue 32 on the queue row: "Started" when the customer clicked a star in the email (the review
// begun, maybe not finished) and "Postponed" when they answered "Not arrived yet?".
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueRow } from './queue-api';

const when = (iso: string) => new Date(iso).toLocaleString();

export function RequestBadges({ row }: { row: QueueRow }) {
  const translate = useTranslate();
  const started = row.startedAt && row.status !== 'reviewed' && (
    <Chip size="small" variant="outlined" color="info" label={translate('review-requests:status.started', { stars: row.startedRating ?? '' })} />
  );
  const postponed = row.postponedUntil && (
    <Tooltip
      title={
        row.postponeSentAt
          ? translate('review-requests:status.postponed_sent', { at: when(row.postponeSentAt) })
          : translate('review-requests:status.postponed_until', { at: when(row.postponedUntil) })
      }
    >
      <Chip size="small" variant="outlined" color="warning" label={translate('review-requests:status.postponed')} data-testid="postponed-badge" />
    </Tooltip>
  );
  return (
    <>
      {started}
      {postponed}
    </>
  );
}
