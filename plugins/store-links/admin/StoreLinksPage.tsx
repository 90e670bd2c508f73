// /display-settings/store-links: this store's links to the merchant's other stores. "Create a code"
// shows a one-time code to enter in the other store's admin; "Link" takes the other store's code.
// Each link shows the partner, how many of its reviews are shown here, and Unlink.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { apiJson } from '@plaudit/kernel/admin';
import type { StoreLink } from '../shared/link';

interface Status {
  links: StoreLink[];
  codeExpiresAt: string | null;
  maxLinks: number;
}

const send = (path: string, method: string, body?: object) => apiJson<{ links: StoreLink[] }>(path, { method, body: body ? JSON.stringify(body) : undefined });

/** A refusal's words: the entered code's problem, or the 409's reason. */
function refusal(err: unknown): string {
  const e = err as { status?: number; body?: { code?: string } };
  if (e.status === 400) return 'store-links:join.invalid';
  if (e.body?.code === 'ALREADY_LINKED') return 'store-links:join.already';
  if (e.body?.code === 'TOO_MANY_LINKS') return 'store-links:join.too_many';
  return 'store-links:error';
}

function CodeCard({ onError }: { onError: (key: string) => void }) {
  const translate = useTranslate();
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const create = () => apiJson<{ code: string; expiresAt: string }>('/store-links/code', { method: 'POST' }).then(setCode, () => onError('store-links:error'));
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('store-links:code.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('store-links:code.text')}
        </Typography>
        {code ? (
          <Alert severity="info" data-testid="link-code">
            <Typography sx={{ fontFamily: 'monospace', fontSize: '1.4rem', letterSpacing: 2 }}>{code.code}</Typography>
            {translate('store-links:code.expires', { at: new Date(code.expiresAt).toLocaleTimeString() })}
          </Alert>
        ) : null}
        <Button sx={{ mt: 1 }} variant="outlined" onClick={() => void create()}>
          {translate(code ? 'store-links:code.again' : 'store-links:code.create')}
        </Button>
      </CardContent>
    </Card>
  );
}

function JoinCard({ onLinked }: { onLinked: (links: StoreLink[]) => void }) {
  const translate = useTranslate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function join() {
    setBusy(true);
    setError(null);
    try {
      onLinked((await send('/store-links', 'POST', { code })).links);
      setCode('');
    } catch (err) {
      setError(refusal(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('store-links:join.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('store-links:join.text')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            sx={{ flex: { sm: '0 1 320px' } }}
            label={translate('store-links:join.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!error}
            helperText={error ? translate(error) : ' '}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          <Button variant="contained" sx={{ whiteSpace: 'nowrap' }} disabled={busy || !code.trim()} onClick={() => void join()}>
            {translate('store-links:join.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function LinkRow({ link, busy, onUnlink }: { link: StoreLink; busy: boolean; onUnlink: () => void }) {
  const translate = useTranslate();
  const country = link.partnerCountry ? (new Intl.DisplayNames([navigator.language], { type: 'region' }).of(link.partnerCountry) ?? link.partnerCountry) : null;
  return (
    // text and action side by side, the action below the text on a phone
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1, px: 0 }}>
      <ListItemText
        sx={{ flex: '1 1 240px' }}
        primary={country ? `${link.partnerName} (${country})` : link.partnerName}
        secondary={`${link.partnerDomain} · ${translate('store-links:links.received', { count: link.received })}`}
      />
      {link.state === 'linked' ? (
        <Button color="error" variant="outlined" disabled={busy} onClick={onUnlink}>
          {translate('store-links:links.unlink')}
        </Button>
      ) : (
        <Chip label={translate('store-links:links.unlinking')} />
      )}
    </ListItem>
  );
}

export default function StoreLinksPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [status, setStatus] = useState<Status | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => apiJson<Status>('/store-links').then(setStatus, () => setFailed(true)), []);
  useEffect(() => void refresh(), [refresh]);
  // while a link is being removed, or its first copies arrive, the list is read again now and then
  const unlinking = !!status?.links.some((l) => l.state === 'unlinking');
  useEffect(() => {
    if (!unlinking) return;
    const timer = setInterval(() => void refresh(), 4000);
    return () => clearInterval(timer);
  }, [unlinking, refresh]);

  async function unlink(id: number) {
    setBusy(true);
    try {
      const { links } = await send(`/store-links/${id}`, 'DELETE');
      setStatus((s) => (s ? { ...s, links } : s));
      notify(translate('store-links:links.unlink_started'), { type: 'info' });
    } catch {
      notify(translate('store-links:error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <Alert severity="error">{translate('store-links:error')}</Alert>;
  if (!status) return null;
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Title title={translate('store-links:title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('store-links:title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('store-links:intro')}</Typography>
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('store-links:links.title')}
            </Typography>
            {status.links.length ? (
              <List data-testid="store-links">
                {status.links.map((l) => (
                  <LinkRow key={l.id} link={l} busy={busy} onUnlink={() => void unlink(l.id)} />
                ))}
              </List>
            ) : (
              <Typography variant="body2">{translate('store-links:links.none')}</Typography>
            )}
          </CardContent>
        </Card>
        <CodeCard onError={(key) => notify(translate(key), { type: 'error' })} />
        <JoinCard
          onLinked={(links) => {
            setStatus((s) => (s ? { ...s, links } : s));
            notify(translate('store-links:join.done'), { type: 'success' });
          }}
        />
      </Stack>
    </Box>
  );
}
