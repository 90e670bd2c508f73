import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';

/**
 * Discount: rewards for reviews belong to the Reward reviews feature, which is not part of Plaudit
 * yet. The step says so; the merchant continues without a discount (no reward is the default) or
 * skips it to decide later.
 */
export function DiscountStep({ complete }: StepProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="info">{translate('onboarding:discount.unavailable')}</Alert>
      <StepAction labelKey="onboarding:discount.without" onClick={() => complete()} />
    </Box>
  );
}
