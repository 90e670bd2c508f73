// The "Review translation" section (second plan tier): the provider and its credentials, automatic
// translation on the storefront, and the ten review languages with a bulk translation each. Below
// the tier the section says what it does and offers the upgrade (the access call is ungated, so the
// shell's 403 redirect never takes the merchant away from the labels).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LeaveGuard } from '@plaudit/kernel/admin';
import ProviderForm from './ProviderForm';
import ReviewLanguages from './ReviewLanguages';
import {
  type Access,
  CREDENTIALS,
  draftOf,
  FIELD_OF_API,
  loadAccess,
  loadProvider,
  type ProviderDraft,
  type ProviderState,
  saveProvider,
} from './provider-api';

type Errors = Partial<Record<keyof ProviderDraft, string>>;

/**
 * The API's refusal per field of the draft; a message without a field goes to the first credential.
 * A self-hosted provider refused as unconfigured (the operator has not set its server) is `notSetUp`.
 */
function refusalOf(err: unknown, provider: ProviderDraft['provider'], notSetUp: string): Errors {
  if (!(err instanceof HttpError) || err.status !== 400) return {};
  const body = (err.body ?? {}) as { message?: string; errors?: Record<string, string> };
  const found: Errors = {};
  for (const [field, message] of Object.entries(body.errors ?? {})) {
    const name = FIELD_OF_API[field];
    if (name) found[name] = message;
    else if (field === provider) found.provider = notSetUp;
  }
  const first = CREDENTIALS[provider][0];
  if (!Object.keys(found).length && first && body.message) found[first] = body.message;
  return found;
}

export default function ReviewTranslationPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const [access, setAccess] = useState<Access>();
  const [state, setState] = useState<ProviderState>();
  const [draft, setDraft] = useState<ProviderDraft>();
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const a = await loadAccess();
      setAccess(a);
      if (!a.allowed) return;
      const s = await loadProvider();
      setState(s);
      setDraft(draftOf(s));
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const saved = state && draftOf(state);
  const dirty = !!draft && !!saved && JSON.stringify(draft) !== JSON.stringify(saved);
  // the languages shown are the saved provider's: another provider's need a save first
  const providerChanged = dirty && JSON.stringify({ ...draft, autoTranslate: 0 }) !== JSON.stringify({ ...saved, autoTranslate: 0 });
  const onChange = (patch: Partial<ProviderDraft>) => {
    setDraft((d) => d && { ...d, ...patch });
    // a refusal is about what was sent: typing again clears it
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  const save = async () => {
    if (!draft) return;
    const missing = Object.fromEntries(
      CREDENTIALS[draft.provider].filter((f) => !String(draft[f]).trim()).map((f) => [f, translate('translations:errors.required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return notify('translations:save_failed', { type: 'error' });
    setBusy(true);
    try {
      const next = await saveProvider(draft);
      setState(next);
      setDraft(draftOf(next));
      notify('translations:saved', { type: 'success' });
    } catch (err) {
      setErrors(refusalOf(err, draft.provider, translate('translations:review.not_set_up')));
      notify('translations:save_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const intro = <Typography color="text.secondary">{translate('translations:review.intro')}</Typography>;
  if (failed) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {intro}
        <Alert
          severity="error"
          action={
            <Button size="small" onClick={() => void load()}>
              {translate('translations:review.retry')}
            </Button>
          }
        >
          {translate('translations:review.load_failed')}
        </Alert>
      </Box>
    );
  }
  if (!access || (access.allowed && (!state || !draft))) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('translations:review.loading')} />
      </Box>
    );
  }
  if (!access.allowed) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {intro}
        <Alert
          severity="info"
          action={
            <Button component={Link} to={`/subscription?tier=${access.tier}`} size="small">
              {translate('translations:review.upgrade')}
            </Button>
          }
        >
          {translate('translations:review.upgrade_text')}
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <LeaveGuard dirty={dirty} />
      {intro}
      <ProviderForm draft={draft!} errors={errors} busy={busy} dirty={dirty} onChange={onChange} onSave={() => void save()} />
      <ReviewLanguages state={state!} dirty={providerChanged} />
    </Box>
  );
}
