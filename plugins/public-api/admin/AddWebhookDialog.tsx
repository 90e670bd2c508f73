// Adding an endpoint: its URL and the topics it wants. The secret is shown right after (SecretDialog).
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WebhookTopic } from '../shared/webhook-topics';
import { addWebhook, topicLabel } from './webhooks-api';

interface Props {
  open: boolean;
  topics: WebhookTopic[];
  onClose(): void;
  onAdded(created: { id: number; secret: string }): void;
}

/** The API's refusal as a message of ours: URL problems by code, the rest by field. */
function errorKey(err: unknown): { field: 'url' | 'topics' | 'form'; key: string } {
  const body = (err as { body?: { code?: string; errors?: Record<string, string> } }).body;
  if (body?.code?.startsWith('WEBHOOK_URL_'))
    return { field: 'url', key: `public-api:webhooks.errors.${body.code.slice('WEBHOOK_URL_'.length).toLowerCase()}` };
  if (body?.code === 'WEBHOOK_LIMIT') return { field: 'form', key: 'public-api:webhooks.errors.limit' };
  if (body?.errors?.url) return { field: 'url', key: 'public-api:webhooks.errors.invalid' };
  if (body?.errors && Object.keys(body.errors).some((k) => k.startsWith('topics'))) return { field: 'topics', key: 'public-api:webhooks.errors.topics' };
  return { field: 'form', key: 'public-api:webhooks.action_failed' };
}

export function AddWebhookDialog({ open, topics, onClose, onAdded }: Props) {
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<WebhookTopic[]>([]);
  const [error, setError] = useState<{ field: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => (setUrl(''), setChosen([]), setError(null), onClose());
  const toggle = (t: WebhookTopic) => setChosen((c) => (c.includes(t) ? c.filter((x) => x !== t) : [...c, t]));
  const submit = async () => {
    if (!chosen.length) return setError({ field: 'topics', key: 'public-api:webhooks.errors.topics' });
    setBusy(true);
    try {
      const created = await addWebhook(url.trim(), chosen);
      setUrl('');
      setChosen([]);
      setError(null);
      onAdded(created);
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{translate('public-api:webhooks.add_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={translate('public-api:webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          fullWidth
          margin="dense"
          required
          placeholder="https://"
          error={error?.field === 'url'}
          helperText={translate(error?.field === 'url' ? error.key : 'public-api:webhooks.url_help')}
          slotProps={{ htmlInput: { 'data-testid': 'webhook-url', inputMode: 'url' } }}
        />
        <FormControl error={error?.field === 'topics'} component="fieldset">
          <FormLabel component="legend">{translate('public-api:webhooks.topics')}</FormLabel>
          <FormGroup>
            {topics.map((t) => (
              <FormControlLabel
                key={t}
                control={<Checkbox checked={chosen.includes(t)} onChange={() => toggle(t)} />}
                label={
                  <>
                    {translate(topicLabel(t))} <code>{t}</code>
                  </>
                }
              />
            ))}
          </FormGroup>
          {error?.field === 'topics' && <FormHelperText>{translate(error.key)}</FormHelperText>}
        </FormControl>
        {error?.field === 'form' && <FormHelperText error>{translate(error.key)}</FormHelperText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('public-api:webhooks.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy || !url.trim()}>
          {translate('public-api:webhooks.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
