import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLOR: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  waiting: 'info',
  waitingCondition: 'default',
  success: 'success',
  opened: 'success',
  reviewed: 'success',
  failed: 'error',
  cancel: 'default',
  pause: 'warning',
};

const appName = (app: string) => app.charAt(0).toUpperCase() + app.slice(1);

/** `senderApp`: the email-marketing app that sent the request (spec section 4: treated as sent). */
export function StatusBadge({
  status,
  skipReason,
  errorMessage,
  senderApp,
}: {
  status: string;
  skipReason: string | null;
  errorMessage: string | null;
  senderApp?: string | null;
}) {
  const translate = useTranslate();
  const label =
    status === 'success' && senderApp
      ? translate('review-requests:status.sent_by_app', { app: appName(senderApp) })
      : translate(`review-requests:status.${status}`);
  const chip = <Chip size="small" color={COLOR[status] ?? 'default'} label={label} />;
  const reason = skipReason ? translate(`review-requests:skip.${skipReason}`) : errorMessage;
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
