// Settings → Review insights: how drafted replies read (tone, sign-off, the address offered on a
// complaint) and the language model that may write them, with its monthly token budget and this
// month's use. A saved key is never shown again; a new one replaces it.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { ModelFields } from './ModelFields';
import { draftOf, type FieldErrors, loadSettings, type ReplySettingsView, saveSettings, type SettingsDraft, TONES } from './settings-api';

export default function ReplySettingsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [view, setView] = useState<ReplySettingsView | null>(null);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadSettings()
      .then((v) => (setView(v), setDraft(draftOf(v))))
      .catch(() => setFailed(true));
  }, []);
  if (failed) return <Alert severity="error">{translate('insights:drafts.load_failed')}</Alert>;
  if (!view || !draft) return null;

  const change = (patch: Partial<SettingsDraft>) => {
    setDraft({ ...draft, ...patch });
    setErrors({ ...errors, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) });
  };
  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveSettings(draft);
      setView(saved);
      setDraft(draftOf(saved));
      setErrors({});
      notify('insights:drafts.saved', { type: 'success' });
    } catch (err) {
      setErrors((err as { body?: { errors?: FieldErrors } }).body?.errors ?? {});
      notify('insights:drafts.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const text = (name: 'signOff' | 'supportEmail', helper: string) => (
    <TextField
      size="small"
      label={translate(`insights:drafts.${name === 'signOff' ? 'sign_off' : 'support_email'}`)}
      value={draft[name]}
      error={!!errors[name]}
      helperText={errors[name] ?? helper}
      onChange={(e) => change({ [name]: e.target.value })}
    />
  );
  const fallback = view.fallbackSupportEmail;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('insights:drafts.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('insights:drafts.intro')}
          </Typography>
          <TextField
            select
            size="small"
            label={translate('insights:drafts.tone')}
            value={draft.tone}
            onChange={(e) => change({ tone: e.target.value as SettingsDraft['tone'] })}
          >
            {TONES.map((tone) => (
              <MenuItem key={tone} value={tone}>
                {translate(`insights:drafts.tones.${tone}`)}
              </MenuItem>
            ))}
          </TextField>
          {text('signOff', translate('insights:drafts.sign_off_help'))}
          {text(
            'supportEmail',
            fallback ? translate('insights:drafts.support_email_fallback', { email: fallback }) : translate('insights:drafts.support_email_none'),
          )}
        </CardContent>
      </Card>
      <ModelFields draft={draft} view={view} errors={errors} onChange={change} />
      <Box>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('insights:drafts.save')}
        </Button>
      </Box>
    </Box>
  );
}
