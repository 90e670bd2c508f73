import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RewardSetupChoice, RewardSetupView } from '@plaudit/contracts/rewards';
import { getJson, putJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';
import { ChoiceField } from './ChoiceField';

type Loaded = { view: RewardSetupView } | { missing: true };

/**
 * Discount: the reward for reviews set up in place (the rewards plugin's RewardSetup, through
 * GET/PUT /api/onboarding/reward): how, how much and the minimums. The step is done only once the
 * reward is on; otherwise the merchant skips it. The discount settings page has the rest.
 */
export function DiscountStep({ complete }: StepProps) {
  const translate = useTranslate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [choice, setChoice] = useState<RewardSetupChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    getJson<RewardSetupView>('/onboarding/reward').then(
      (view) => (setLoaded({ view }), setChoice(view)),
      () => setLoaded({ missing: true }),
    );
  }, []);
  if (!loaded) return null;
  if ('missing' in loaded || !choice) return <Alert severity="info">{translate('onboarding:discount.not_installed')}</Alert>;
  const { view } = loaded;
  const set = (patch: Partial<RewardSetupChoice>) => (setChoice({ ...choice, ...patch }), setErrors({}));
  const turnOn = async () => {
    try {
      const { rewardingMethod, typeDiscount, value, charactersRequired, photoRequired } = choice;
      await putJson('/onboarding/reward', { rewardingMethod, typeDiscount, value, charactersRequired, photoRequired });
      await complete();
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string>; message?: string } }).body;
      setErrors(body?.errors ?? { _: body?.message ?? (error as Error).message });
    }
  };
  const number = (field: 'value' | 'charactersRequired' | 'photoRequired', label: string) => (
    <TextField
      size="small"
      type="number"
      label={translate(`onboarding:discount.${label}`)}
      value={Number.isFinite(choice[field]) ? choice[field] : ''}
      onChange={(e) => set({ [field]: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
      error={!!errors[field]}
      helperText={errors[field]}
      sx={{ width: 220 }}
    />
  );
  return (
    // one column no wider than the card: the three number fields wrap instead of pushing Skip out
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, justifyItems: 'start' }}>
      {view.enabled && <Alert severity="success">{translate('onboarding:discount.on')}</Alert>}
      {!view.allowed && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={`/subscription?tier=${view.tier}`} color="inherit" size="small">
              {translate('onboarding:discount.see_plans')}
            </Button>
          }
        >
          {translate('onboarding:discount.plan')}
        </Alert>
      )}
      <ChoiceField
        labelKey="onboarding:discount.method"
        prefix="onboarding:discount.methods"
        options={view.pointsAvailable ? (['discount', 'points'] as const) : (['discount'] as const)}
        value={choice.rewardingMethod}
        onChange={(rewardingMethod) => set({ rewardingMethod })}
      />
      {choice.rewardingMethod === 'discount' && (
        <>
          <ChoiceField
            labelKey="onboarding:discount.type"
            prefix="onboarding:discount.types"
            options={['percentage', 'fixed'] as const}
            value={choice.typeDiscount}
            onChange={(typeDiscount) => set({ typeDiscount })}
            row
          />
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {number('value', 'value')}
            {number('charactersRequired', 'characters')}
            {number('photoRequired', 'photos')}
          </Stack>
        </>
      )}
      {(errors._ || errors.rewardingMethod) && <Alert severity="error">{errors.rewardingMethod ?? errors._}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <StepAction labelKey={view.enabled ? 'onboarding:discount.save_on' : 'onboarding:discount.turn_on'} onClick={turnOn} disabled={!view.allowed} />
        <Link component={RouterLink} to="/collect-reviews/discount">
          {translate('onboarding:discount.more')}
        </Link>
      </Stack>
    </Box>
  );
}
