import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { useShop } from '@plaudit/kernel/admin';
import { MESSAGES } from '../../shared/templates';
import { emailsApi, fieldErrors, type NotificationSettings } from './emails-api';
import { issuesByField, translateMessage } from './messages';
import { SubpageHeading } from './SubpageHeading';

const receiver = z.union([z.literal(''), z.email({ message: MESSAGES.email })]);
const form = z.object({ receiverNewReview: receiver, receiverNegativeReview: receiver });
type Receiver = 'receiverNewReview' | 'receiverNegativeReview';

/**
 * /collect-reviews/email-notifications: mails to the store about new reviews (hourly at most) and
 * negative ones (at once). The settings belong to the reviews plugin: read and saved through its API.
 */
export default function NotificationsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: shop } = useShop();
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    emailsApi.notifications().then((s) => {
      setSaved(s);
      setDraft(s);
    });
  }, []);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  if (!saved || !draft) return null;

  const parsed = form.safeParse({ receiverNewReview: draft.receiverNewReview ?? '', receiverNegativeReview: draft.receiverNegativeReview ?? '' });
  const errors = { ...serverErrors, ...(parsed.success ? {} : issuesByField(translate, parsed.error.issues)) };
  const set = (patch: Partial<NotificationSettings>) => {
    setServerErrors({});
    setDraft({ ...draft, ...patch });
  };
  const receiverField = (name: Receiver) => (
    <TextField
      size="small"
      type="email"
      label={translate('review-requests:emails.notifications.receiver')}
      placeholder={shop?.email ?? ''}
      value={draft[name] ?? ''}
      onChange={(e) => set({ [name]: e.target.value.trim() === '' ? null : e.target.value.trim() })}
      error={!!errors[name]}
      helperText={errors[name] ?? translate('review-requests:emails.notifications.receiver_help')}
    />
  );
  const save = async () => {
    try {
      // Only this page's fields: the reviews plugin's other settings stay as they are.
      const { enabledEmailNewReview, enabledEmailNegativeReview, receiverNewReview, receiverNegativeReview, negativeThreshold } = draft;
      const next = await emailsApi.saveNotifications({
        enabledEmailNewReview,
        enabledEmailNegativeReview,
        receiverNewReview,
        receiverNegativeReview,
        negativeThreshold,
      });
      setSaved(next);
      setDraft(next);
      notify('plaudit.saved', { type: 'success' });
    } catch (error) {
      setServerErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, v]) => [k, translateMessage(translate, v)])));
      notify('plaudit.save_failed', { type: 'error' });
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 760 }}>
      <SubpageHeading title={translate('review-requests:emails.notifications.title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('review-requests:emails.notifications.new_review')}
          </Typography>
          <FormControlLabel
            control={<Switch checked={draft.enabledEmailNewReview} onChange={(e) => set({ enabledEmailNewReview: e.target.checked })} />}
            label={translate('review-requests:emails.notifications.new_review_on')}
          />
          {receiverField('receiverNewReview')}
          <Typography variant="h6" component="h2">
            {translate('review-requests:emails.notifications.negative_review')}
          </Typography>
          <FormControlLabel
            control={<Switch checked={draft.enabledEmailNegativeReview} onChange={(e) => set({ enabledEmailNegativeReview: e.target.checked })} />}
            label={translate('review-requests:emails.notifications.negative_review_on')}
          />
          {receiverField('receiverNegativeReview')}
          <TextField
            select
            size="small"
            label={translate('review-requests:emails.notifications.threshold')}
            value={draft.negativeThreshold}
            onChange={(e) => set({ negativeThreshold: Number(e.target.value) })}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <MenuItem key={n} value={n}>
                {translate('review-requests:emails.notifications.stars_or_fewer', { n })}
              </MenuItem>
            ))}
          </TextField>
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
            <Button variant="contained" disabled={!dirty || !parsed.success} onClick={save}>
              {translate('ra.action.save')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
