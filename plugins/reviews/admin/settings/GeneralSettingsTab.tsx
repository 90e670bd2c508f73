// The general tab of /settings (/settings/general): who may review, the auto-publish rule, the
// recycle bin's retention, rich snippets and UGC display on the storefront, the notification emails.
// One form over the reviews plugin's settings: Save only when changed and valid, Discard restores the
// saved copy, leaving with changes asks first. The API checks the same schema (shared/review.ts).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Divider, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { LeaveGuard, useShop } from '@plaudit/kernel/admin';
import { reviewSettings, type ReviewSettings } from '../../shared/review';
import { messagesByField, translateMessage } from './messages';
import { apiFieldErrors, settingsApi, type SettingsPlan } from './settings-api';
import { EligibilitySection, NotificationsSection, PublishingSection, RecycleBinSection, StorefrontSection, type Draft } from './sections';

export default function GeneralSettingsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop } = useShop();
  const [plan, setPlan] = useState<SettingsPlan | null>(null);
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    settingsApi.get().then(
      ({ data, plan }) => {
        setPlan(plan);
        setSaved(data);
        setDraft(data);
      },
      () => setLoadFailed(true),
    );
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (loadFailed) return <Alert severity="error">{translate('reviews:general.load_failed')}</Alert>;
  if (!draft || !saved || !plan) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;

  const parsed = reviewSettings.safeParse(draft);
  const errors = { ...serverErrors, ...(parsed.success ? {} : messagesByField(translate, parsed.error.issues)) };
  if (draft.autoPublishHeldAfterDays === '') errors.autoPublishHeldAfterDays = translate('plaudit.validation.required');
  const set = (patch: Partial<Draft>) => {
    setServerErrors({});
    setDraft({ ...draft, ...patch });
  };
  const save = async () => {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const next: ReviewSettings = await settingsApi.save(parsed.data);
      setSaved(next);
      setDraft(next);
      notify('plaudit.saved', { type: 'success' });
    } catch (error) {
      setServerErrors(Object.fromEntries(Object.entries(apiFieldErrors(error)).map(([k, v]) => [k, translateMessage(translate, v)])));
      notify('plaudit.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const props = { draft, errors, set };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
      <LeaveGuard dirty={dirty} />
      <EligibilitySection {...props} />
      <Divider />
      <PublishingSection {...props} />
      <Divider />
      <RecycleBinSection {...props} plan={plan} />
      <Divider />
      <StorefrontSection {...props} />
      <Divider />
      <NotificationsSection {...props} shopEmail={shop?.email ?? ''} />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button
          disabled={!dirty || busy}
          onClick={() => {
            setDraft(saved);
            setServerErrors({});
          }}
        >
          {translate('reviews:general.discard')}
        </Button>
        <Button variant="contained" disabled={!dirty || !parsed.success || busy} onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
