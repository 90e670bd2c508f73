import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, Divider, FormControlLabel, Radio, RadioGroup, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { emailSettingsInput, smtpInput, TEST_EMAIL_DAILY_LIMIT, type EmailSettingsView } from '../../shared/email-settings';
import { emailsApi, fieldErrors } from './emails-api';
import { issuesByField, translateMessage } from './messages';

interface SenderForm {
  senderName: string;
  senderEmail: string;
  replyTo: string;
  isCustomSenderEnabled: boolean;
  smtpType: 'app' | 'custom';
}
interface SmtpForm {
  host: string;
  port: string;
  authentication: boolean;
  username: string;
  password: string;
}

const senderForm = (v: EmailSettingsView): SenderForm => ({
  senderName: v.senderName ?? '',
  senderEmail: v.senderEmail ?? '',
  replyTo: v.replyTo ?? '',
  isCustomSenderEnabled: v.isCustomSenderEnabled,
  smtpType: v.smtpType,
});
const smtpForm = (v: EmailSettingsView): SmtpForm => ({
  host: v.host ?? '',
  port: v.port ? String(v.port) : '587',
  authentication: v.authentication,
  username: v.username ?? '',
  password: '',
});

/** The email tab of /settings: sender name and email (verified by a mailed link), reply-to, custom SMTP. */
export default function EmailSettingsTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [view, setView] = useState<EmailSettingsView | null>(null);
  const [saved, setSaved] = useState<SenderForm | null>(null);
  const [draft, setDraft] = useState<SenderForm | null>(null);
  const [smtp, setSmtp] = useState<SmtpForm | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [smtpReason, setSmtpReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = (v: EmailSettingsView, keepDraft = false) => {
    setView(v);
    setSaved(senderForm(v));
    if (!keepDraft) setDraft(senderForm(v));
    setSmtp((s) => (s && keepDraft ? { ...s, password: '' } : smtpForm(v)));
  };
  useEffect(() => {
    emailsApi.settings().then((v) => apply(v));
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!view || !draft || !saved || !smtp) return null;

  const parsed = emailSettingsInput.safeParse(draft);
  const errors = { ...serverErrors, ...(parsed.success ? {} : issuesByField(translate, parsed.error.issues)) };
  const smtpParsed = smtpInput.safeParse({ ...smtp, password: smtp.password || undefined });
  const smtpErrors = smtpParsed.success ? {} : issuesByField(translate, smtpParsed.error.issues);
  const set = (patch: Partial<SenderForm>) => {
    setServerErrors({});
    setDraft({ ...draft, ...patch });
  };
  const setSmtpField = (patch: Partial<SmtpForm>) => setSmtp({ ...smtp, ...patch });
  const serverFieldErrors = (e: unknown) => Object.fromEntries(Object.entries(fieldErrors(e)).map(([k, v]) => [k, translateMessage(translate, v)]));

  const save = async () => {
    setBusy(true);
    try {
      apply(await emailsApi.saveSettings(draft));
      notify('plaudit.saved', { type: 'success' });
    } catch (e) {
      setServerErrors(serverFieldErrors(e));
      notify(fieldErrors(e).smtpType ? 'review-requests:emails.settings.smtp_failed' : 'plaudit.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const verifySender = async () => {
    setBusy(true);
    try {
      // The address is saved with the request; other unsaved edits stay in the form.
      const v = await emailsApi.verifySender(draft.senderEmail.trim() || null);
      apply(v, true);
      setDraft({ ...draft, senderEmail: v.senderEmail ?? '' });
      notify('review-requests:emails.settings.verification_sent', { type: 'success', messageArgs: { email: draft.senderEmail } });
    } catch (e) {
      setServerErrors(serverFieldErrors(e));
      notify('review-requests:emails.settings.verification_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const verifySmtp = async () => {
    setBusy(true);
    setSmtpReason(null);
    try {
      apply(await emailsApi.verifySmtp({ ...smtp, password: smtp.password || undefined }), true);
      notify('review-requests:emails.settings.smtp_verified', { type: 'success' });
    } catch (e) {
      setSmtpReason(fieldErrors(e).smtp ?? null);
      notify('review-requests:emails.settings.smtp_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const status = (ok: boolean, yes: string, no: string) => <Chip size="small" color={ok ? 'success' : 'default'} label={translate(ok ? yes : no)} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      <Typography variant="h6" component="h2">
        {translate('review-requests:emails.settings.sender')}
      </Typography>
      <TextField
        size="small"
        label={translate('review-requests:emails.settings.senderName')}
        value={draft.senderName}
        onChange={(e) => set({ senderName: e.target.value })}
        error={!!errors.senderName}
        helperText={errors.senderName}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="email"
          label={translate('review-requests:emails.settings.senderEmail')}
          value={draft.senderEmail}
          onChange={(e) => set({ senderEmail: e.target.value })}
          error={!!errors.senderEmail}
          helperText={errors.senderEmail}
          sx={{ flex: 1 }}
        />
        <Box sx={{ pt: 0.5 }}>
          {status(
            view.isVerified && draft.senderEmail.trim().toLowerCase() === view.senderEmail,
            'review-requests:emails.settings.verified',
            'review-requests:emails.settings.unverified',
          )}
        </Box>
        <Button onClick={verifySender} disabled={busy || !draft.senderEmail.trim() || !!errors.senderEmail}>
          {translate('review-requests:emails.settings.send_verification')}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Switch checked={draft.isCustomSenderEnabled} onChange={(e) => set({ isCustomSenderEnabled: e.target.checked })} />}
        label={translate('review-requests:emails.settings.use_sender')}
      />
      <TextField
        size="small"
        type="email"
        label={translate('review-requests:emails.settings.replyTo')}
        value={draft.replyTo}
        onChange={(e) => set({ replyTo: e.target.value })}
        error={!!errors.replyTo}
        helperText={errors.replyTo ?? translate('review-requests:emails.settings.replyTo_help')}
      />

      <Divider />
      <Typography variant="h6" component="h2">
        {translate('review-requests:emails.settings.smtp')}
      </Typography>
      <RadioGroup row value={draft.smtpType} onChange={(e) => set({ smtpType: e.target.value as SenderForm['smtpType'] })}>
        <FormControlLabel value="app" control={<Radio />} label={translate('review-requests:emails.settings.smtp_app')} />
        <FormControlLabel value="custom" control={<Radio />} label={translate('review-requests:emails.settings.smtp_custom')} />
      </RadioGroup>
      {errors.smtpType && <Alert severity="error">{errors.smtpType}</Alert>}
      {draft.smtpType === 'custom' && (
        <Box sx={{ display: 'grid', gap: 2, pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              size="small"
              label={translate('review-requests:emails.settings.host')}
              value={smtp.host}
              onChange={(e) => setSmtpField({ host: e.target.value })}
              error={!!smtpErrors.host}
              helperText={smtpErrors.host}
              sx={{ flex: 3 }}
            />
            <TextField
              size="small"
              label={translate('review-requests:emails.settings.port')}
              value={smtp.port}
              onChange={(e) => setSmtpField({ port: e.target.value })}
              error={!!smtpErrors.port}
              helperText={smtpErrors.port}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
          <FormControlLabel
            control={<Switch checked={smtp.authentication} onChange={(e) => setSmtpField({ authentication: e.target.checked })} />}
            label={translate('review-requests:emails.settings.authentication')}
          />
          {smtp.authentication && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                size="small"
                autoComplete="off"
                label={translate('review-requests:emails.settings.username')}
                value={smtp.username}
                onChange={(e) => setSmtpField({ username: e.target.value })}
                error={!!smtpErrors.username}
                helperText={smtpErrors.username}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                type="password"
                autoComplete="new-password"
                label={translate('review-requests:emails.settings.password')}
                value={smtp.password}
                onChange={(e) => setSmtpField({ password: e.target.value })}
                helperText={view.hasPassword ? translate('review-requests:emails.settings.password_kept') : undefined}
                sx={{ flex: 1 }}
              />
            </Stack>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={verifySmtp} disabled={busy || !smtpParsed.success}>
              {translate('review-requests:emails.settings.verify_smtp')}
            </Button>
            {status(view.isSmtpVerified, 'review-requests:emails.settings.smtp_verified_status', 'review-requests:emails.settings.smtp_unverified_status')}
          </Stack>
          {smtpReason && (
            <Alert severity="error">
              {translate('review-requests:emails.settings.smtp_failed')}: {smtpReason}
            </Alert>
          )}
        </Box>
      )}

      <Divider />
      <Typography variant="body2" color="text.secondary">
        {translate('review-requests:emails.settings.from_now', { from: view.effectiveFrom })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('review-requests:emails.settings.sent_count', { total: view.sentRequestCount })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('review-requests:emails.test.left', { left: view.testEmailsLeft, limit: TEST_EMAIL_DAILY_LIMIT })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button
          disabled={!dirty}
          onClick={() => {
            setDraft(saved);
            setServerErrors({});
          }}
        >
          {translate('review-requests:settings.discard')}
        </Button>
        <Button variant="contained" disabled={!dirty || !parsed.success || busy} onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
    </Box>
  );
}
