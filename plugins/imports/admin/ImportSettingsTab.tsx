// Settings > Import reviews (/settings/import-reviews): the import defaults per marketplace (spec
// section 3), which fill the options of an import by product URL. Save only when changed and valid,
// Discard restores the saved copy, leaving with changes asks first.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { LeaveGuard } from '@plaudit/kernel/admin';
import { importsApi, MARKETPLACES, refusal, type ImportSettings, type Marketplace, type MarketplaceDefaults } from './api';
import { MarketplaceOptions, optionsValid } from './MarketplaceOptions';
import { useMessage } from './messages';

const LABELS: Record<Marketplace, string> = { aliexpress: 'AliExpress', amazon: 'Amazon' };

export default function ImportSettingsTab() {
  const translate = useTranslate();
  const messageOf = useMessage();
  const notify = useNotify();
  const [saved, setSaved] = useState<ImportSettings | null>(null);
  const [draft, setDraft] = useState<ImportSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    importsApi.settings().then(
      (s) => (setSaved(s), setDraft(s)),
      () => setLoadFailed(true),
    );
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (loadFailed) return <Alert severity="error">{translate('imports:settings.load_failed')}</Alert>;
  if (!draft || !saved) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;

  const valid = MARKETPLACES.every((m) => optionsValid(draft[m]));
  const set = (m: Marketplace, patch: Partial<MarketplaceDefaults>) => (setDraft({ ...draft, [m]: { ...draft[m], ...patch } }), setServerError(null));
  const save = async () => {
    setBusy(true);
    try {
      const next = await importsApi.saveSettings(draft);
      setSaved(next);
      setDraft(next);
      notify('plaudit.saved', { type: 'success' });
    } catch (err) {
      const { message, errors } = refusal(err);
      setServerError(messageOf(Object.values(errors)[0] ?? message ?? translate('plaudit.save_failed')));
      notify('plaudit.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 760 }}>
      <LeaveGuard dirty={dirty} />
      <Typography variant="body2" color="text.secondary">
        {translate('imports:settings.intro')}
      </Typography>
      {MARKETPLACES.map((m, i) => (
        <Box key={m} sx={{ display: 'grid', gap: 2 }}>
          {i > 0 && <Divider />}
          <Typography variant="h6" component="h2">
            {LABELS[m]}
          </Typography>
          <MarketplaceOptions value={draft[m]} onChange={(patch) => set(m, patch)} idPrefix={`defaults-${m}`} />
        </Box>
      ))}
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={!dirty || busy} onClick={() => (setDraft(saved), setServerError(null))}>
          {translate('imports:settings.discard')}
        </Button>
        <Button variant="contained" disabled={!dirty || !valid || busy} onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
