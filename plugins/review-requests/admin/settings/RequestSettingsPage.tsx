import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '../../../../admin/src/api-client';
import { LeaveGuard } from '../../../../admin/src/components/LeaveGuard';
import { useShop } from '../../../../admin/src/shop';
import { DEFAULT_REQUEST_SETTINGS, deleteTimingRow, requestSettings, type RequestSettings } from '../../shared/request-settings';
import { OldOrdersCard } from '../old-orders/OldOrdersCard';
import { TimingRows } from './TimingRows';
import { translateIssue } from './validation-text';

const UNITS = ['minute', 'hour', 'day', 'week', 'month'] as const;
const TRIGGERS = ['purchase', 'fulfillment', 'delivery'] as const;
const pick = (s: RequestSettings): RequestSettings => requestSettings.safeParse(s).success ? s : { ...DEFAULT_REQUEST_SETTINGS, ...s };

/** /collect-reviews/setting-request: when requests go out (spec sections 2, 5). */
export default function RequestSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop, refetch } = useShop();
  const [saved, setSaved] = useState<RequestSettings | null>(null);
  const [draft, setDraft] = useState<RequestSettings | null>(null);
  useEffect(() => {
    apiJson<{ data: RequestSettings }>('/email').then((r) => {
      const s = pick({ ...r.data, sendAfter: 'custom' });
      setSaved(s);
      setDraft(s);
    });
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!draft || !saved) return null;

  const parsed = requestSettings.safeParse(draft);
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), translateIssue(translate, i.message)]));
  const set = (patch: Partial<RequestSettings>) => setDraft({ ...draft, ...patch });
  const num = (v: string) => (v.trim() === '' ? 1 : Number(v)); // an empty number resets to 1 (spec section 5)

  const save = async () => {
    try {
      await apiJson('/emails', { method: 'POST', body: JSON.stringify({ ...draft, sendAfter: 'custom', isRequestSetting: true }) });
      setSaved(draft);
      notify('plaudit.saved', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'plaudit.save_failed', { type: 'error' });
    }
  };
  const dismissBanner = async () => {
    await apiJson('/shops', { method: 'PUT', body: JSON.stringify({ hideBannerSettingRequest: true }) });
    refetch();
  };

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title={translate('review-requests:settings.title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('review-requests:settings.title')}
      </Typography>
      {draft.sendMethod === 'delivery' && !shop?.hideBannerSettingRequest && (
        <Alert severity="info" onClose={dismissBanner} sx={{ mb: 2 }}>
          {translate('review-requests:settings.delivery_banner')}
        </Alert>
      )}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">{translate('review-requests:settings.main')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="number" size="small" label={translate('review-requests:settings.number')} value={draft.sendAfterCustom} onChange={(e) => set({ sendAfterCustom: num(e.target.value) })} error={!!errors.sendAfterCustom} helperText={errors.sendAfterCustom} />
            <TextField select size="small" label={translate('review-requests:settings.unit')} value={draft.timeUnit} onChange={(e) => set({ timeUnit: e.target.value as RequestSettings['timeUnit'] })}>
              {UNITS.map((u) => <MenuItem key={u} value={u}>{translate(`review-requests:unit.${u}`)}</MenuItem>)}
            </TextField>
            <TextField select size="small" label={translate('review-requests:settings.trigger')} value={draft.sendMethod} onChange={(e) => set({ sendMethod: e.target.value as RequestSettings['sendMethod'] })}>
              {TRIGGERS.map((t) => <MenuItem key={t} value={t}>{translate(`review-requests:trigger.${t}`)}</MenuItem>)}
            </TextField>
          </Stack>
          {draft.sendMethod === 'delivery' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="number" size="small" label={translate('review-requests:settings.alternative')} value={draft.alternativeSendAfter} onChange={(e) => set({ alternativeSendAfter: num(e.target.value) })} error={!!errors.alternativeSendAfter} helperText={errors.alternativeSendAfter ?? translate('review-requests:settings.alternative_help')} />
              <TextField select size="small" label={translate('review-requests:settings.unit')} value={draft.alternativeUnit} onChange={(e) => set({ alternativeUnit: e.target.value as RequestSettings['alternativeUnit'] })}>
                {(['day', 'hour'] as const).map((u) => <MenuItem key={u} value={u}>{translate(`review-requests:unit.${u}`)}</MenuItem>)}
              </TextField>
            </Stack>
          )}
          <FormControlLabel
            control={<Switch checked={draft.isCustomTiming} onChange={(e) => set({ isCustomTiming: e.target.checked, timingCountries: e.target.checked && !draft.timingCountries.length ? [{ priority: 1, sendAfterCustom: 7, timeUnit: 'day', selectedCountries: [] }] : draft.timingCountries })} />}
            label={translate('review-requests:settings.custom_timing')}
          />
          {draft.isCustomTiming && (
            <TimingRows rows={draft.timingCountries} errors={errors} allowHour={draft.sendMethod === 'delivery'} onChange={(timingCountries) => set({ timingCountries })} onDelete={(i) => setDraft(deleteTimingRow(draft, i))} />
          )}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <Button disabled={!dirty} onClick={() => setDraft(saved)}>{translate('review-requests:settings.discard')}</Button>
            <Button variant="contained" disabled={!dirty || !parsed.success} onClick={save}>{translate('ra.action.save')}</Button>
          </Stack>
        </CardContent>
      </Card>
      <LeaveGuard dirty={dirty} />
      <OldOrdersCard />
    </Box>
  );
}
