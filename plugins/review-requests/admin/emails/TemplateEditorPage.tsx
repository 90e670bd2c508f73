import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { LeaveGuard, NotFound } from '@plaudit/kernel/admin';
import { type EmailTemplate, type EmailTemplateFields, loadEmailTemplateFields } from '@plaudit/kernel/admin';
import { templateTypeOf } from '../../shared/templates';
import { ColorField } from './ColorField';
import { emailsApi, fieldErrors, type TemplateDetail } from './emails-api';
import { templateLabel } from './template-label';
import { issuesByField } from './messages';
import { TemplatePreview } from './TemplatePreview';
import { TestEmailDialog } from './TestEmailDialog';

/** The content and custom CSS boxes hold markup: a monospace font keeps it readable. */
const CODE_INPUT = { htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } } };

/** /collect-reviews/emails/{id}: one template with its live preview; save only on change, discard. */
export default function TemplateEditorPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const type = templateTypeOf(id);
  const [detail, setDetail] = useState<TemplateDetail | null>(null);
  const [saved, setSaved] = useState<EmailTemplate | null>(null);
  const [draft, setDraft] = useState<EmailTemplate | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [previewErrors, setPreviewErrors] = useState<Record<string, string>>({});
  const [testing, setTesting] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [saving, setSaving] = useState(false);
  const [emailTemplate, setEmailTemplate] = useState<EmailTemplateFields>();

  useEffect(() => {
    if (!type) return;
    Promise.all([emailsApi.template(id), loadEmailTemplateFields()]).then(([d, fields]) => {
      setEmailTemplate(fields);
      setDetail(d);
      setSaved(d.template);
      setDraft(d.template);
    });
  }, [id, type]);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!type) return <NotFound />;
  if (!draft || !saved || !detail || !emailTemplate) return null;

  const parsed = emailTemplate.safeParse(draft);
  const errors = { ...previewErrors, ...serverErrors, ...(parsed.success ? {} : issuesByField(translate, parsed.error.issues)) };
  const set = (patch: Partial<EmailTemplate>) => {
    setServerErrors({});
    setDraft({ ...draft, ...patch });
  };
  const field = (name: 'subject' | 'buttonText' | 'denyButtonText', extra: object = {}) => ({
    size: 'small' as const,
    label: translate(`review-requests:emails.field.${name}`),
    value: draft[name] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [name]: e.target.value }),
    error: !!errors[name],
    helperText: errors[name],
    ...extra,
  });

  const save = async () => {
    setSaving(true);
    try {
      const next = await emailsApi.saveTemplate(id, draft);
      setSaved(next);
      setDraft(next);
      notify('plaudit.saved', { type: 'success' });
    } catch (error) {
      setServerErrors(fieldErrors(error));
      notify('plaudit.save_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const reset = async () => {
    setConfirmReset(false);
    const next = await emailsApi.resetTemplate(id);
    setSaved(next);
    setDraft(next);
    notify('plaudit.saved', { type: 'success' });
  };

  const name = templateLabel(translate, detail, 'name');
  return (
    <Box sx={{ py: 2 }}>
      <Title title={name} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Button component={Link} to="/collect-reviews/emails">
          {translate('review-requests:emails.back')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {name}
        </Typography>
        <Button onClick={() => setTesting(true)} disabled={!parsed.success}>
          {translate('review-requests:emails.test.open')}
        </Button>
        <Button onClick={() => setConfirmReset(true)}>{translate('review-requests:emails.editor.reset')}</Button>
        <Button
          disabled={!dirty}
          onClick={() => {
            setDraft(saved);
            setServerErrors({});
          }}
        >
          {translate('review-requests:settings.discard')}
        </Button>
        <Button variant="contained" disabled={!dirty || !parsed.success || saving || Object.keys(previewErrors).length > 0} onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
      {!detail.allowed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('review-requests:emails.editor.upgrade')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, alignItems: 'start' }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <FormControlLabel
              control={<Switch checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
              label={translate('review-requests:emails.field.enabled')}
            />
            <TextField {...field('subject')} />
            <TextField
              size="small"
              multiline
              minRows={8}
              label={translate('review-requests:emails.field.content')}
              value={draft.content}
              onChange={(e) => set({ content: e.target.value })}
              error={!!errors.content}
              helperText={errors.content ?? translate('review-requests:emails.field.content_help')}
              slotProps={CODE_INPUT}
            />
            <TextField {...field('buttonText')} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <ColorField
                label={translate('review-requests:emails.field.buttonColor')}
                value={draft.buttonColor}
                error={errors.buttonColor}
                onChange={(buttonColor) => set({ buttonColor })}
              />
              <ColorField
                label={translate('review-requests:emails.field.buttonTextColor')}
                value={draft.buttonTextColor}
                error={errors.buttonTextColor}
                onChange={(buttonTextColor) => set({ buttonTextColor })}
              />
            </Stack>
            {draft.denyButtonText !== undefined && <TextField {...field('denyButtonText')} />}
            {draft.sendFor !== undefined && (
              <TextField
                select
                size="small"
                label={translate('review-requests:emails.field.sendFor')}
                value={draft.sendFor ?? 4}
                onChange={(e) => set({ sendFor: Number(e.target.value) })}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <MenuItem key={n} value={n}>
                    {translate('review-requests:emails.field.stars_or_more', { n })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {draft.sendBefore !== undefined && (
              <TextField
                size="small"
                type="number"
                label={translate('review-requests:emails.field.sendBefore')}
                value={draft.sendBefore ?? 3}
                onChange={(e) => set({ sendBefore: e.target.value === '' ? 1 : Number(e.target.value) })}
                error={!!errors.sendBefore}
                helperText={errors.sendBefore}
              />
            )}
            <FormControlLabel
              control={
                <Switch
                  checked={!!draft.secondaryButton}
                  onChange={(e) =>
                    set({ secondaryButton: e.target.checked ? { text: translate('review-requests:emails.field.secondary_default'), url: '' } : null })
                  }
                />
              }
              label={translate('review-requests:emails.field.secondaryButton')}
            />
            {draft.secondaryButton && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  size="small"
                  label={translate('review-requests:emails.field.secondaryText')}
                  value={draft.secondaryButton.text}
                  onChange={(e) => set({ secondaryButton: { ...draft.secondaryButton!, text: e.target.value } })}
                  error={!!errors['secondaryButton.text']}
                  helperText={errors['secondaryButton.text']}
                  sx={{ flex: 1 }}
                />
                <TextField
                  size="small"
                  label={translate('review-requests:emails.field.secondaryUrl')}
                  placeholder="https://"
                  value={draft.secondaryButton.url}
                  onChange={(e) => set({ secondaryButton: { ...draft.secondaryButton!, url: e.target.value } })}
                  error={!!errors['secondaryButton.url']}
                  helperText={errors['secondaryButton.url']}
                  sx={{ flex: 2 }}
                />
              </Stack>
            )}
            <TextField
              size="small"
              multiline
              minRows={3}
              label={translate('review-requests:emails.field.customCss')}
              value={draft.customCss}
              disabled={!detail.customCssAllowed}
              onChange={(e) => set({ customCss: e.target.value })}
              error={!!errors.customCss}
              helperText={errors.customCss ?? (detail.customCssAllowed ? undefined : translate('review-requests:emails.editor.css_upgrade'))}
              slotProps={CODE_INPUT}
            />
            <Box>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                {translate('review-requests:emails.editor.variables')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {detail.variables.map((v) => (
                  <Tooltip key={v} title={translate(`review-requests:emails.variables.${v}`)}>
                    <Chip size="small" variant="outlined" label={`{{ ${v} }}`} sx={{ fontFamily: 'ui-monospace, monospace' }} />
                  </Tooltip>
                ))}
              </Stack>
            </Box>
          </CardContent>
        </Card>
        <Card sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('review-requests:emails.editor.preview')}
            </Typography>
            <TemplatePreview id={id} draft={draft} onErrors={setPreviewErrors} />
          </CardContent>
        </Card>
      </Box>
      {testing && (
        <TestEmailDialog
          id={id}
          draft={draft}
          shopEmail={detail.shopEmail}
          left={detail.testEmailsLeft}
          onSent={(left) => setDetail({ ...detail, testEmailsLeft: left })}
          onClose={() => setTesting(false)}
        />
      )}
      <LeaveGuard dirty={dirty} />
      <Confirm
        isOpen={confirmReset}
        title="review-requests:emails.editor.reset_title"
        content="review-requests:emails.editor.reset_content"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
      />
    </Box>
  );
}
