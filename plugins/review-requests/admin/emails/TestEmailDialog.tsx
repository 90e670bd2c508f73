import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { TEST_EMAIL_DAILY_LIMIT } from '../../shared/email-settings';
import type { EmailTemplate } from '@plaudit/kernel/admin';
import { emailsApi, errorCode, fieldErrors } from './emails-api';
import { translateMessage } from './messages';

/** Sends the draft as a test email to the shop's address or another one; 25 a day (spec section 8). */
export function TestEmailDialog({
  id,
  draft,
  shopEmail,
  left,
  onSent,
  onClose,
}: {
  id: string;
  draft: EmailTemplate;
  shopEmail: string | null;
  left: number;
  onSent: (left: number) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [email, setEmail] = useState(shopEmail ?? '');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError(undefined);
    try {
      const r = await emailsApi.sendTest(id, draft, email.trim() || undefined);
      notify('review-requests:emails.test.sent', { type: 'success', messageArgs: { email: r.to } });
      onSent(r.testEmailsLeft);
      onClose();
    } catch (e) {
      const code = errorCode(e);
      const field = fieldErrors(e).email;
      if (field) setError(translateMessage(translate, field));
      else if (code === 'TEST_EMAIL_LIMIT') notify('review-requests:emails.test.limit', { type: 'error', messageArgs: { limit: TEST_EMAIL_DAILY_LIMIT } });
      else notify('review-requests:emails.test.failed', { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('review-requests:emails.test.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          size="small"
          type="email"
          label={translate('review-requests:emails.test.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!error}
          helperText={error}
          autoFocus
        />
        <Typography variant="body2" color="text.secondary">
          {translate('review-requests:emails.test.left', { left, limit: TEST_EMAIL_DAILY_LIMIT })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={send} disabled={sending || left <= 0}>
          {translate('review-requests:emails.test.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
