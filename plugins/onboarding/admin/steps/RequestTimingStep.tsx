import { useEffect, useState } from 'react';
import { Box, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getJson, postJson } from '../api';
import { StepAction } from '../StepAction';
import type { StepProps } from '../types';
import { ChannelChoice } from './ChannelChoice';
import { ChoiceField } from './ChoiceField';

const MIN = 60;
const HOUR = 3600;
const DAY = 86_400;
/** The preset delays of spec section 9, in seconds (the request settings' own list). */
const PRESETS = [5, 10, 15, 20, 25, 30]
  .map((m) => m * MIN)
  .concat(
    Array.from({ length: 12 }, (_, i) => (i + 1) * HOUR),
    [1, 2, 3, 4, 5, 7, 21, 30].map((d) => d * DAY),
  );
const METHODS = ['purchase', 'fulfillment', 'delivery'] as const;
type Method = (typeof METHODS)[number];

interface RequestSettings {
  sendAfter: number | 'custom';
  sendMethod: Method;
  channels?: ('email' | 'sms' | 'whatsapp')[];
  [field: string]: unknown;
}

/** 604800 -> ['week', 1]: the largest whole unit, as the delays are offered. */
export function delayParts(seconds: number): [string, number] {
  if (seconds % (30 * DAY) === 0) return ['month', seconds / (30 * DAY)];
  if (seconds % (7 * DAY) === 0) return ['week', seconds / (7 * DAY)];
  if (seconds % DAY === 0) return ['day', seconds / DAY];
  if (seconds % HOUR === 0) return ['hour', seconds / HOUR];
  return ['minute', seconds / MIN];
}

/** When and how review requests go out: review-requests' request settings (GET /api/email, POST /api/emails). */
export function RequestTimingStep({ complete }: StepProps) {
  const translate = useTranslate();
  const [settings, setSettings] = useState<RequestSettings | null>(null);
  useEffect(() => {
    getJson<RequestSettings>('/email')
      .then(setSettings)
      .catch(() => undefined);
  }, []);
  if (!settings) return null;
  const label = (v: number | 'custom') => {
    if (v === 'custom') return translate('onboarding:timing.custom');
    const [unit, n] = delayParts(v);
    return translate(`onboarding:timing.${unit}`, { smart_count: n });
  };
  const options: (number | 'custom')[] = settings.sendAfter === 'custom' ? ['custom', ...PRESETS] : PRESETS;
  const save = async () => {
    const { template: _template, ...body } = settings;
    await postJson('/emails', { ...body, isRequestSetting: true });
    await complete();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <FormControl sx={{ minWidth: 240 }}>
        <InputLabel id="onboarding-delay">{translate('onboarding:timing.delay')}</InputLabel>
        <Select
          labelId="onboarding-delay"
          label={translate('onboarding:timing.delay')}
          value={String(settings.sendAfter)}
          onChange={(e) => setSettings({ ...settings, sendAfter: e.target.value === 'custom' ? 'custom' : Number(e.target.value) })}
        >
          {options.map((v) => (
            <MenuItem key={v} value={String(v)}>
              {label(v)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <ChoiceField
        labelKey="onboarding:timing.trigger"
        prefix="onboarding:timing.method"
        options={METHODS}
        value={settings.sendMethod}
        onChange={(m) => setSettings({ ...settings, sendMethod: m })}
      />
      <ChannelChoice value={settings.channels} onChange={(channels) => setSettings({ ...settings, channels })} />
      <StepAction labelKey="onboarding:save_continue" onClick={save} />
    </Box>
  );
}
