import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PushQueueEntry } from '../../shared/push';

const COLOR = { waiting: 'info', success: 'success', failed: 'error', cancel: 'default' } as const;

/** The push entry's own status, with its push suffix (spec section 4). */
export function PushBadge({ push }: { push: PushQueueEntry | null | undefined }) {
  const translate = useTranslate();
  if (!push) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[push.status] ?? 'default'}
      label={translate(`review-requests:push.status.${push.status}`)}
      sx={{ ml: 0.5 }}
    />
  );
}
