// This month's review requests against the plan's quota (spec section 9: the remaining count is shown
// where requests are managed). Re-read whenever the list reloads, so a send or an upgrade shows at once.
import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';

type Quota = { limit: number | null; left: number | null };

export function RequestQuota({ refreshKey }: { refreshKey: unknown }) {
  const translate = useTranslate();
  const [quota, setQuota] = useState<Quota | null>(null);
  useEffect(() => {
    apiJson<{ data: Quota }>('/request-quota').then(
      (r) => setQuota(r.data),
      () => setQuota(null),
    );
  }, [refreshKey]);
  if (!quota) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="requests-left" sx={{ mb: 1 }}>
      {quota.limit === null
        ? translate('review-requests:queue.quota_unlimited')
        : translate('review-requests:queue.quota', { left: quota.left, limit: quota.limit })}
    </Typography>
  );
}
