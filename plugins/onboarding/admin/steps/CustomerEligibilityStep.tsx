import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { getJson, putJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';
import { ChoiceField } from './ChoiceField';

const OPTIONS = ['everyone', 'buyers'] as const;
type Eligibility = (typeof OPTIONS)[number];

/** Who may write a review: the reviews plugin's general setting (PUT /api/reviews/settings). */
export function CustomerEligibilityStep({ complete }: StepProps) {
  const [value, setValue] = useState<Eligibility | null>(null);
  useEffect(() => {
    getJson<{ customerEligibility: Eligibility }>('/reviews/settings')
      .then((s) => setValue((v) => v ?? s.customerEligibility))
      .catch(() => undefined);
  }, []);
  const save = async () => {
    await putJson('/reviews/settings', { customerEligibility: value });
    await complete();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <ChoiceField labelKey="onboarding:steps.customerEligibility.label" prefix="onboarding:eligibility" options={OPTIONS} value={value} onChange={setValue} />
      <StepAction labelKey="onboarding:save_continue" onClick={save} disabled={!value} />
    </Box>
  );
}
