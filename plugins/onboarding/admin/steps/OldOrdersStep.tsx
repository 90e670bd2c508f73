import { Alert, Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useShop } from '@plaudit/kernel/admin';
import { apiJson } from '@plaudit/kernel/admin';
import { postJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';

/** Spec section 9: old orders are those of the last 60 days; a free shop sends for at most 40. */
const FREE_LIMIT = 40;

/** Old orders: review-requests' bulk send for the orders of the last 60 days (GET /api/old-orders, POST /api/old-orders/send). */
export function OldOrdersStep({ complete }: StepProps) {
  const translate = useTranslate();
  const { data: shop } = useShop();
  const { data, isError, isPending } = useQuery({
    queryKey: ['onboarding', 'old-orders'],
    queryFn: () => apiJson<{ count: number }>('/old-orders'),
    retry: false,
  });
  const send = async () => {
    await postJson('/old-orders/send');
    await complete();
  };
  if (isPending) return null;
  if (isError) return <Alert severity="warning">{translate('onboarding:old_orders.unavailable')}</Alert>;
  const count = data?.count ?? 0;
  const sending = shop?.plan === 'free' ? Math.min(count, FREE_LIMIT) : count;
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="info" role="status">
        {translate('onboarding:old_orders.count', { smart_count: count })}
      </Alert>
      {sending < count && <Alert severity="warning">{translate('onboarding:old_orders.free_limit', { limit: FREE_LIMIT })}</Alert>}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {count > 0 ? (
          <StepAction labelKey="onboarding:old_orders.send" options={{ smart_count: sending }} onClick={send} />
        ) : (
          <StepAction labelKey="onboarding:continue" onClick={() => complete()} />
        )}
      </Stack>
    </Box>
  );
}
