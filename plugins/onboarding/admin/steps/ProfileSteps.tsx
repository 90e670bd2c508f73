import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { BUSINESS_TYPES, SELLING_MARKETS, type Profile } from '../../shared/profile';
import { getJson, putJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';
import { ChoiceField } from './ChoiceField';

function ProfileStep<K extends keyof Profile>({ field, options, complete }: StepProps & { field: K; options: readonly NonNullable<Profile[K]>[] }) {
  const [value, setValue] = useState<Profile[K] | null>(null);
  useEffect(() => {
    getJson<Profile>('/onboarding/profile')
      .then((p) => setValue((v) => v ?? p[field]))
      .catch(() => undefined);
  }, [field]);
  const save = async () => {
    await putJson('/onboarding/profile', { [field]: value });
    await complete();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <ChoiceField
        labelKey={`onboarding:steps.${field}.label`}
        prefix={`onboarding:${field}`}
        options={options}
        value={value}
        onChange={(v) => setValue(v as Profile[K])}
      />
      <StepAction labelKey="onboarding:continue" onClick={save} disabled={!value} />
    </Box>
  );
}

export const BusinessTypeStep = (p: StepProps) => <ProfileStep {...p} field="businessType" options={BUSINESS_TYPES} />;
export const SellingMarketStep = (p: StepProps) => <ProfileStep {...p} field="sellingMarket" options={SELLING_MARKETS} />;
