import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLOR: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  waiting: 'info', waitingCondition: 'default', success: 'success', opened: 'success', reviewed: 'success', failed: 'error', cancel: 'default', pause: 'warning',
};

export function StatusBadge({ status, skipReason, errorMessage }: { status: string; skipReason: string | null; errorMessage: string | null }) {
  const translate = useTranslate();
  const chip = <Chip size="small" color={COLOR[status] ?? 'default'} label={translate(`review-requests:status.${status}`)} />;
  const reason = skipReason ? translate(`review-requests:skip.${skipReason}`) : errorMessage;
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
