// /settings/managingKey: the shop's API keys (create with scopes, shown once; rotate; revoke), the
// way to the API's documentation, the headless storefronts' origins (CORS) and the outgoing
// webhooks below them. Below the public API's tier (third: enterprise) making keys and changing
// the origins are offered as an upgrade instead.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ApiKeyList, ApiKeyView, CreatedKey } from '../shared/keys';
import { loadKeys, revokeKey, rotateKey } from './api';
import { CreateKeyDialog } from './CreateKeyDialog';
import { HeadlessOriginsCard } from './HeadlessOriginsCard';
import { KeyCard } from './KeyCard';
import { NewKeyDialog } from './NewKeyDialog';

const WebhooksPanel = lazy(() => import('./WebhooksPanel'));
const DOCS_URL = '/api/public/v1/docs';

export default function ManagingKeyPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [list, setList] = useState<ApiKeyList | null>(null);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<CreatedKey | null>(null);
  const [confirm, setConfirm] = useState<{ action: 'rotate' | 'revoke'; key: ApiKeyView } | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => loadKeys().then(setList, () => notify('public-api:keys.load_failed', { type: 'error' })), [notify]);
  useEffect(() => void refresh(), [refresh]);

  const act = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      if (confirm.action === 'rotate') setShown(await rotateKey(confirm.key.id));
      else await revokeKey(confirm.key.id);
      notify(`public-api:keys.${confirm.action}d`, { type: 'success' });
    } catch {
      notify(`public-api:keys.${confirm.action}_failed`, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(null);
      void refresh();
    }
  };

  if (!list) return null;
  const { allowed, tier } = list.access;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {translate('public-api:keys.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('public-api:keys.intro')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!allowed}
          onClick={() => setCreating(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {translate('public-api:keys.create')}
        </Button>
      </Stack>
      {!allowed && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to={`/subscription?tier=${tier}`} size="small">
              {translate('public-api:keys.upgrade')}
            </Button>
          }
        >
          {translate('public-api:keys.upgrade_text')}
        </Alert>
      )}
      {list.items.length === 0 ? (
        <Typography color="text.secondary">{translate('public-api:keys.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gap: 1, p: 0, m: 0, listStyle: 'none' }} aria-label={translate('public-api:keys.title')}>
          {list.items.map((k) => (
            <KeyCard
              key={k.id}
              apiKey={k}
              canMake={allowed}
              onRotate={() => setConfirm({ action: 'rotate', key: k })}
              onRevoke={() => setConfirm({ action: 'revoke', key: k })}
            />
          ))}
        </Box>
      )}
      <MuiLink href={DOCS_URL} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, justifySelf: 'start' }}>
        {translate('public-api:keys.docs')} <OpenInNewIcon fontSize="inherit" />
      </MuiLink>
      <HeadlessOriginsCard allowed={allowed} tier={tier} />
      <Suspense fallback={null}>
        <WebhooksPanel />
      </Suspense>

      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={(k) => (setCreating(false), setShown(k), void refresh())} />
      <NewKeyDialog created={shown} onClose={() => setShown(null)} />
      <Confirm
        isOpen={!!confirm}
        loading={busy}
        onClose={() => setConfirm(null)}
        onConfirm={act}
        title={`public-api:keys.${confirm?.action ?? 'revoke'}_title`}
        titleTranslateOptions={{ name: confirm?.key.name ?? '' }}
        content={`public-api:keys.${confirm?.action ?? 'revoke'}_text`}
        confirm={`public-api:keys.${confirm?.action ?? 'revoke'}`}
        confirmColor="warning"
      />
    </Box>
  );
}
