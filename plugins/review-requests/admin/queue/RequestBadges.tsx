// Issue 32 on the queue row: the text channel that carried the request with its receipts' status
// ("WhatsApp: read"), or "Email after SMS" when text channels were tried first or their message was not
// delivered (the reasons in its tooltip, as on a text channel's badge), "Started" when the customer
// clicked a star in the email (the review begun, maybe not finished) and "Postponed" when they answered "Not arrived yet?".
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { QueueRow } from './queue-api';

const when = (iso: string) => new Date(iso).toLocaleString();

/** receipts' statuses that mean the message did not reach the customer */
const UNDELIVERED = new Set(['undelivered', 'failed', 'opted_out']);

/** The channel that carried the request, when a text channel did or one was tried first; the channels tried first in its tooltip. */
function ChannelBadge({ row }: { row: QueueRow }) {
  const translate = useTranslate();
  const channel = (c: string) => translate(`review-requests:channels.${c}`);
  const tried = row.channelAttempts ?? [];
  const byText = row.channel === 'sms' || row.channel === 'whatsapp';
  if (!byText && !(row.channel === 'email' && tried.length)) return null;
  const label = byText
    ? translate('review-requests:status.by_channel', {
        channel: channel(row.channel!),
        delivery: translate(`review-requests:status.delivery.${row.deliveryStatus ?? 'accepted'}`),
      })
    : translate('review-requests:status.email_after', { channels: tried.map((a) => channel(a.channel)).join(', ') });
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={byText && row.deliveryStatus && UNDELIVERED.has(row.deliveryStatus) ? 'error' : 'default'}
      data-testid="channel-badge"
      label={label}
    />
  );
  if (!tried.length) return chip;
  const reasons = tried.map((a) => `${channel(a.channel)}: ${translate(`review-requests:refusals.${a.refusal}`, { _: a.refusal })}`).join(' · ');
  return <Tooltip title={translate('review-requests:status.tried_first', { reasons })}>{chip}</Tooltip>;
}

export function RequestBadges({ row }: { row: QueueRow }) {
  const translate = useTranslate();
  const text = <ChannelBadge row={row} />;
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
      {text}
      {started}
      {postponed}
    </>
  );
}
