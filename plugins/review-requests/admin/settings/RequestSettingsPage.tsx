import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { apiJson, LeaveGuard } from '@plaudit/kernel/admin';
import type { RequestChannel } from '@plaudit/contracts/messaging';
import { DEFAULT_REQUEST_SETTINGS, deleteTimingRow, requestSettings, type RequestSettings } from '../../shared/request-settings';
import { OldOrdersCard } from '../old-orders/OldOrdersCard';
import { ChannelOrderField } from './ChannelOrderField';
import { CUSTOM, presetIndex, toForm } from './delay-presets';
import { DeliveryBanners } from './DeliveryBanners';
import { MainSchedule } from './MainSchedule';
import { SenderAppField } from './SenderAppField';
import { TimingRows } from './TimingRows';
import { translateIssue } from './validation-text';

/** The form: the request settings and the stored channel order (issue 32; absent: email only). */
type Draft = RequestSettings & { channels?: RequestChannel[] };

const pick = (s: Draft): Draft => (requestSettings.safeParse(s).success ? s : { ...DEFAULT_REQUEST_SETTINGS, ...s });
const choiceOf = (s: RequestSettings) => (presetIndex(s) >= 0 ? presetIndex(s) : CUSTOM);
const NEW_ROW = { priority: 1, sendAfterCustom: 7, timeUnit: 'day' as const, selectedCountries: [] };

/** Turning per-country timing off drops the rows that name no country (nothing was entered in them). */
function toggleCustomTiming(s: RequestSettings, on: boolean): RequestSettings {
  if (on) return { ...s, isCustomTiming: true, timingCountries: s.timingCountries.length ? s.timingCountries : [NEW_ROW] };
  const rows = s.timingCountries.filter((r) => r.selectedCountries.length).map((r, i) => ({ ...r, priority: i + 1 }));
  return { ...s, isCustomTiming: false, timingCountries: rows };
}

/** /collect-reviews/setting-request: when requests go out (spec sections 2, 5, 9). */
export default function RequestSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [choice, setChoice] = useState<number | typeof CUSTOM>(CUSTOM);
  useEffect(() => {
    apiJson<{ data: Draft }>('/email').then((r) => {
      const s = toForm(pick(r.data));
      setSaved(s);
      setDraft(s);
      setChoice(choiceOf(s));
    });
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!draft || !saved) return null;

  const parsed = requestSettings.safeParse(draft);
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), translateIssue(translate, i.message)]));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const num = (v: string) => (v.trim() === '' ? 1 : Number(v)); // an empty number resets to 1 (spec section 5)

  const save = async () => {
    try {
      await apiJson('/emails', { method: 'POST', body: JSON.stringify({ ...draft, sendAfter: CUSTOM, isRequestSetting: true }) });
      setSaved(draft);
      notify('plaudit.saved', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'plaudit.save_failed', { type: 'error' });
    }
  };
  const discard = () => {
    setDraft(saved);
    setChoice(choiceOf(saved));
  };

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title={translate('review-requests:settings.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('review-requests:settings.title')}
      </Typography>
      <DeliveryBanners sendMethod={draft.sendMethod} onUseDelivery={() => set({ sendMethod: 'delivery' })} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('review-requests:settings.main')}
          </Typography>
          <MainSchedule draft={draft} choice={choice} onChoice={setChoice} errors={errors} set={set} number={num} />
          {draft.sendMethod === 'delivery' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="number"
                size="small"
                label={translate('review-requests:settings.alternative')}
                value={draft.alternativeSendAfter}
                onChange={(e) => set({ alternativeSendAfter: num(e.target.value) })}
                error={!!errors.alternativeSendAfter}
                helperText={errors.alternativeSendAfter ?? translate('review-requests:settings.alternative_help')}
              />
              <TextField
                select
                size="small"
                label={translate('review-requests:settings.unit')}
                value={draft.alternativeUnit}
                onChange={(e) => set({ alternativeUnit: e.target.value as RequestSettings['alternativeUnit'] })}
              >
                {(['day', 'hour'] as const).map((u) => (
                  <MenuItem key={u} value={u}>
                    {translate(`review-requests:unit.${u}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <FormControlLabel
            control={<Switch checked={draft.isCustomTiming} onChange={(e) => setDraft(toggleCustomTiming(draft, e.target.checked))} />}
            label={translate('review-requests:settings.custom_timing')}
          />
          {draft.isCustomTiming && (
            <TimingRows
              rows={draft.timingCountries}
              errors={errors}
              allowHour={draft.sendMethod === 'delivery'}
              onChange={(timingCountries) => set({ timingCountries })}
              onDelete={(i) => setDraft(deleteTimingRow(draft, i))}
            />
          )}
          <SenderAppField value={draft.senderApp} onChange={(senderApp) => set({ senderApp })} />
          <ChannelOrderField value={draft.channels} onChange={(channels) => set({ channels })} />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
            {dirty && !parsed.success && (
              <Typography variant="body2" color="error" role="status">
                {translate('review-requests:settings.fix_errors')}
              </Typography>
            )}
            <Button disabled={!dirty} onClick={discard}>
              {translate('review-requests:settings.discard')}
            </Button>
            <Button variant="contained" disabled={!dirty || !parsed.success} onClick={save}>
              {translate('ra.action.save')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <LeaveGuard dirty={dirty} />
      <OldOrdersCard />
    </Box>
  );
}
