// /collect-reviews/discount: rewards for reviews (spec sections 3, 5, 9). Save only when changed,
// discard, leave prompt; the schema's messages under each field; second tier to switch them on (the
// API's 403 sends the merchant to the plans).
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { LeaveGuard } from '@plaudit/kernel/admin';
import { COMBINES, discountSettings, PREFIX_MAX } from '../shared/settings';
import type { LoyaltyView } from '../shared/loyalty';
import { loadDiscounts, loadLoyalty, loadReport, saveDiscounts, type DiscountForm, type RewardReport } from './api';
import { Choice, NumberField } from './Fields';

export default function DiscountPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<DiscountForm | null>(null);
  const [draft, setDraft] = useState<DiscountForm | null>(null);
  const [report, setReport] = useState<RewardReport | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [loyalty, setLoyalty] = useState<LoyaltyView | null>(null);
  useEffect(() => {
    loadDiscounts().then((r) => (setSaved(r.data), setDraft(r.data)));
    loadReport().then(
      (r) => setReport(r.data),
      () => setReport(null),
    );
    loadLoyalty().then(
      (r) => setLoyalty(r.data),
      () => setLoyalty(null),
    );
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!draft || !saved) return null;

  const { sendBefore, ...settings } = draft;
  const parsed = discountSettings.safeParse(settings);
  const errors: Record<string, string> = {
    ...serverErrors,
    ...(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))),
  };
  if (!(sendBefore >= 1 && sendBefore <= draft.expireDiscount)) errors.sendBefore = 'the expiry reminder field is required and must be at most the expiry days';
  const set = (patch: Partial<DiscountForm>) => (setDraft({ ...draft, ...patch }), setServerErrors({}));
  const unit = draft.typeDiscount === 'percentage' ? <InputAdornment position="end">%</InputAdornment> : undefined;
  const valid = Object.keys(errors).length === 0;

  const save = async () => {
    try {
      const r = await saveDiscounts(draft);
      setSaved(r.data);
      setDraft(r.data);
      notify('rewards:page.saved', { type: 'success' });
    } catch (error) {
      setServerErrors((error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
      notify('rewards:page.save_failed', { type: 'error' });
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title={translate('rewards:page.title')} />
      <LeaveGuard dirty={dirty} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('rewards:page.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button disabled={!dirty} onClick={() => (setDraft(saved), setServerErrors({}))}>
            {translate('rewards:page.discard')}
          </Button>
          <Button variant="contained" disabled={!dirty || !valid} onClick={save}>
            {translate('rewards:page.save')}
          </Button>
        </Stack>
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('rewards:page.ftc')}
      </Alert>
      {report && (
        <Card sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('rewards:page.report')}
            </Typography>
            <Stack direction="row" spacing={4} data-testid="reward-report">
              {(['issued', 'used', 'expired'] as const).map((k) => (
                <Box key={k}>
                  <Typography variant="h5" component="p">
                    {report[k]}
                  </Typography>
                  <Typography variant="body2">{translate(`rewards:page.${k}`)}</Typography>
                </Box>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2.5 }}>
          <FormControlLabel
            control={<Switch checked={draft.enableDiscount} onChange={(e) => set({ enableDiscount: e.target.checked })} />}
            label={translate('rewards:page.enable')}
          />
          <Choice
            label="method"
            value={draft.rewardingMethod}
            options={['discount', 'points']}
            onChange={(rewardingMethod) => set({ rewardingMethod })}
            disabled={loyalty?.connected ? [] : ['points']}
            labels={loyalty?.connected ? { points: translate('rewards:page.method_points_app', { app: loyalty.label }) } : {}}
          />
          {draft.rewardingMethod === 'points' && (
            <Alert severity={loyalty?.connected ? 'info' : 'warning'} data-testid="points-note">
              {loyalty?.connected ? translate('rewards:page.points_note', { app: loyalty.label }) : translate('rewards:page.points_not_connected')}
            </Alert>
          )}
          {errors.rewardingMethod && (
            <Typography color="error" variant="body2">
              {errors.rewardingMethod}
            </Typography>
          )}
          {/* a discount code's own settings; with points the loyalty app's rule applies */}
          {draft.rewardingMethod === 'discount' && (
            <>
              <Choice label="sending" value={draft.sendingMethod} options={['submitted', 'published']} onChange={(sendingMethod) => set({ sendingMethod })} />
              <Choice label="type" value={draft.typeDiscount} options={['percentage', 'fixed']} onChange={(typeDiscount) => set({ typeDiscount })} />
              <Choice label="value" value={draft.valueMode} options={['all', 'separate']} onChange={(valueMode) => set({ valueMode })} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {draft.valueMode === 'all' ? (
                  <NumberField
                    label={translate('rewards:page.value_all_label')}
                    value={draft.valueAll}
                    onChange={(valueAll) => set({ valueAll })}
                    error={errors.valueAll}
                    adornment={unit}
                    step={0.01}
                  />
                ) : (
                  <>
                    <NumberField
                      label={translate('rewards:page.value_text_label')}
                      value={draft.valueText}
                      onChange={(valueText) => set({ valueText })}
                      error={errors.valueText ?? errors.valueAll}
                      adornment={unit}
                      step={0.01}
                    />
                    <NumberField
                      label={translate('rewards:page.value_photo_label')}
                      value={draft.valuePhoto}
                      onChange={(valuePhoto) => set({ valuePhoto })}
                      error={errors.valuePhoto}
                      adornment={unit}
                      step={0.01}
                    />
                  </>
                )}
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberField
                  label={translate('rewards:page.characters')}
                  value={draft.charactersRequired}
                  onChange={(charactersRequired) => set({ charactersRequired })}
                  error={errors.charactersRequired}
                  hint={draft.charactersRequired > 0 ? translate('rewards:page.min_characters', { n: draft.charactersRequired }) : undefined}
                />
                <NumberField
                  label={translate('rewards:page.photos')}
                  value={draft.photoRequired}
                  onChange={(photoRequired) => set({ photoRequired })}
                  error={errors.photoRequired}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <NumberField
                  label={translate('rewards:page.expire')}
                  value={draft.expireDiscount}
                  onChange={(expireDiscount) => set({ expireDiscount })}
                  error={errors.expireDiscount}
                />
                <NumberField
                  label={translate('rewards:page.send_before')}
                  value={draft.sendBefore}
                  onChange={(v) => set({ sendBefore: v })}
                  error={errors.sendBefore}
                />
              </Stack>
              <Choice
                label="eligibility"
                value={draft.customerEligibility}
                options={['verified', 'everyone']}
                onChange={(customerEligibility) => set({ customerEligibility })}
              />
              <Box>
                <FormControlLabel
                  control={<Switch checked={draft.combinations} onChange={(e) => set({ combinations: e.target.checked })} />}
                  label={translate('rewards:page.combinations')}
                />
                {draft.combinations && (
                  <FormGroup row sx={{ pl: 2 }}>
                    {COMBINES.map((c) => (
                      <FormControlLabel
                        key={c}
                        label={translate(`rewards:page.combines.${c}`)}
                        control={
                          <Checkbox
                            checked={draft.listCombines.includes(c)}
                            onChange={(e) => set({ listCombines: e.target.checked ? [...draft.listCombines, c] : draft.listCombines.filter((x) => x !== c) })}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                )}
              </Box>
              <TextField
                size="small"
                label={translate('rewards:page.prefix')}
                value={draft.discountCodePrefix}
                sx={{ width: 260 }}
                onChange={(e) => set({ discountCodePrefix: e.target.value.slice(0, PREFIX_MAX) })}
                error={!!errors.discountCodePrefix}
                helperText={errors.discountCodePrefix ?? `${draft.discountCodePrefix.length}/${PREFIX_MAX}`}
                slotProps={{ htmlInput: { maxLength: PREFIX_MAX } }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
