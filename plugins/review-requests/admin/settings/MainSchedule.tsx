import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DELAY_PRESETS, type RequestSettings } from '../../shared/request-settings';
import { CUSTOM, customFrom, customUnits } from './delay-presets';

const TRIGGERS = ['purchase', 'fulfillment', 'delivery'] as const;

interface Props {
  draft: RequestSettings;
  /** the preset chosen, or CUSTOM */
  choice: number | typeof CUSTOM;
  onChoice: (choice: number | typeof CUSTOM) => void;
  errors: Record<string, string>;
  set: (patch: Partial<RequestSettings>) => void;
  number: (text: string) => number;
}

/** The main schedule: a preset delay or a custom number and unit, and the trigger it counts from. */
export function MainSchedule({ draft, choice, onChoice, errors, set, number }: Props) {
  const translate = useTranslate();
  const choose = (value: string) => {
    if (value === CUSTOM) {
      onChoice(CUSTOM);
      set(customFrom(draft));
      return;
    }
    const preset = DELAY_PRESETS[Number(value)];
    onChoice(Number(value));
    set({ sendAfterCustom: preset.amount, timeUnit: preset.unit as RequestSettings['timeUnit'] });
  };
  // A unit saved before the presets existed stays listed while it is the current one.
  const units = [...new Set([...customUnits(draft.sendMethod), draft.timeUnit])];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={translate('review-requests:settings.delay')}
        value={String(choice)}
        onChange={(e) => choose(e.target.value)}
      >
        {DELAY_PRESETS.map((p, i) => (
          <MenuItem key={i} value={String(i)}>
            {translate(`review-requests:delay.${p.unit}`, { smart_count: p.amount })}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{translate('review-requests:settings.custom')}</MenuItem>
      </TextField>
      {choice === CUSTOM && (
        <>
          <TextField
            type="number"
            size="small"
            label={translate('review-requests:settings.number')}
            value={draft.sendAfterCustom}
            onChange={(e) => set({ sendAfterCustom: number(e.target.value) })}
            error={!!errors.sendAfterCustom}
            helperText={errors.sendAfterCustom}
          />
          <TextField
            select
            size="small"
            sx={{ minWidth: 120 }}
            label={translate('review-requests:settings.unit')}
            value={draft.timeUnit}
            onChange={(e) => set({ timeUnit: e.target.value as RequestSettings['timeUnit'] })}
          >
            {units.map((u) => (
              <MenuItem key={u} value={u}>
                {translate(`review-requests:unit.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={translate('review-requests:settings.trigger')}
        value={draft.sendMethod}
        onChange={(e) => set({ sendMethod: e.target.value as RequestSettings['sendMethod'] })}
      >
        {TRIGGERS.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(`review-requests:trigger.${t}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
