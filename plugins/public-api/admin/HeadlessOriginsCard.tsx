// The headless storefronts card on /settings/managingKey: the origins whose browsers may call the
// public API's storefront operations (CORS for Hydrogen and other headless stores). Add and remove
// edit a draft and Save sends it (PUT /api/public-api/settings, third tier). The API is the one
// validator (shared/settings.ts): a 400's field message shows under the origin it refused, in the
// merchant's language. Below the tier the list is read-only and the card offers the upgrade.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LeaveGuard } from '@plaudit/kernel/admin';
import { loadPublicApiSettings, savePublicApiSettings } from './headless-api';

// shared/settings.ts's bounds: at most 20 origins of at most 200 characters
const MAX_ORIGINS = 20;
const MAX_LENGTH = 200;
const FIELD = 'headlessOrigins';

/** The schema's English messages (shared/settings.ts) -> our keys; zod's own length message too. */
const MESSAGES: Record<string, string> = {
  'Enter an origin such as https://shop.example.com': 'example',
  'The origin must use https (http only for localhost)': 'https',
  'An origin has no path, query or fragment: https://shop.example.com': 'origin_only',
};
const messageKey = (message: string) => `public-api:headless.errors.${MESSAGES[message] ?? (message.startsWith('Too big') ? 'too_long' : 'invalid')}`;

/** What a refused save says: messages per refused origin, or one for the whole list (other
 *  failures, such as the network's, are only the notification). */
function refusal(error: unknown, sent: string[]): { rows: Record<string, string>; form: string } {
  const errors = error instanceof HttpError && error.status === 400 ? ((error.body as { errors?: Record<string, string> })?.errors ?? {}) : {};
  const rows: Record<string, string> = {};
  let form = '';
  for (const [field, message] of Object.entries(errors)) {
    const index = field.startsWith(`${FIELD}.`) ? Number(field.slice(FIELD.length + 1)) : Number.NaN;
    if (sent[index] !== undefined) rows[sent[index]] ??= messageKey(message);
    else form = field === FIELD ? 'public-api:headless.errors.limit' : 'public-api:headless.errors.invalid';
  }
  return { rows, form };
}

/** Scheme and host compare without case, and a trailing slash makes no other origin. */
const sameOrigin = (a: string, b: string) => a.toLowerCase().replace(/\/$/, '') === b.toLowerCase().replace(/\/$/, '');

export function HeadlessOriginsCard({ allowed, tier }: { allowed: boolean; tier: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState<string[] | null>(null);
  const [draft, setDraft] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState('');
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadPublicApiSettings().then(
      (s) => (setSaved(s.headlessOrigins), setDraft(s.headlessOrigins)),
      () => setLoadFailed(true),
    );
  }, []);

  const dirty = saved !== null && JSON.stringify(saved) !== JSON.stringify(draft);
  const full = draft.length >= MAX_ORIGINS;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const origin = input.trim();
    if (!origin || full) return;
    if (draft.some((o) => sameOrigin(o, origin))) return setInputError('public-api:headless.errors.duplicate');
    setDraft([...draft, origin]);
    setInput('');
    setInputError('');
    setFormError('');
  };
  const remove = (origin: string) => {
    setDraft(draft.filter((o) => o !== origin));
    setRowErrors(({ [origin]: _gone, ...rest }) => rest);
    setFormError('');
  };
  const discard = () => (setDraft(saved ?? []), setRowErrors({}), setFormError(''), setInputError(''));
  const save = async () => {
    setBusy(true);
    try {
      const next = await savePublicApiSettings({ headlessOrigins: draft });
      setSaved(next.headlessOrigins);
      setDraft(next.headlessOrigins);
      setRowErrors({});
      setFormError('');
      notify('public-api:headless.saved', { type: 'success' });
    } catch (error) {
      const { rows, form } = refusal(error, draft);
      setRowErrors(rows);
      setFormError(form);
      notify('public-api:headless.save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="headless-title" sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <LeaveGuard dirty={dirty} />
      <Box>
        <Typography variant="subtitle1" component="h2" id="headless-title" sx={{ fontWeight: 600 }}>
          {translate('public-api:headless.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('public-api:headless.intro')}
        </Typography>
      </Box>
      {!allowed && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to={`/subscription?tier=${tier}`} size="small">
              {translate('public-api:headless.upgrade')}
            </Button>
          }
        >
          {translate('public-api:headless.upgrade_text')}
        </Alert>
      )}
      {loadFailed && <Alert severity="error">{translate('public-api:headless.load_failed')}</Alert>}
      {saved !== null && (
        <>
          {draft.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate('public-api:headless.empty')}
            </Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 0.5 }} aria-label={translate('public-api:headless.list')}>
              {draft.map((origin) => (
                <Box component="li" key={origin} sx={{ minWidth: 0 }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', color: rowErrors[origin] ? 'error.main' : undefined }}>
                      {origin}
                    </Typography>
                    <IconButton
                      size="small"
                      disabled={!allowed || busy}
                      onClick={() => remove(origin)}
                      aria-label={translate('public-api:headless.remove', { origin })}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                  {rowErrors[origin] && (
                    <Typography variant="caption" color="error" component="p" role="alert">
                      {translate(rowErrors[origin], { n: MAX_LENGTH })}
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
          )}
          <Stack component="form" onSubmit={add} noValidate direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={translate('public-api:headless.origin')}
              value={input}
              size="small"
              fullWidth
              disabled={!allowed || full}
              onChange={(e) => (setInput(e.target.value), setInputError(''))}
              placeholder="https://shop.example.com"
              error={!!inputError}
              helperText={translate(inputError || (full ? 'public-api:headless.errors.limit' : 'public-api:headless.origin_help'), { n: MAX_ORIGINS })}
              slotProps={{ htmlInput: { inputMode: 'url', maxLength: MAX_LENGTH, autoCapitalize: 'none', spellCheck: false } }}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={!allowed || full || !input.trim()}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' }, mt: { sm: 1.75 } }}
            >
              {translate('public-api:headless.add')}
            </Button>
          </Stack>
          {formError && <Alert severity="error">{translate(formError, { n: MAX_ORIGINS })}</Alert>}
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button disabled={!dirty || busy} onClick={discard}>
              {translate('public-api:headless.discard')}
            </Button>
            <Button variant="contained" disabled={!allowed || !dirty || busy} onClick={save}>
              {translate('public-api:headless.save')}
            </Button>
          </Stack>
        </>
      )}
    </Paper>
  );
}
