// /display-settings/instagram-feed (spec section 2): connect the shop's professional Instagram
// account, see when it last synced, sync now, and the grid of synced posts to hide, show and tag
// with products. Polls while Instagram's window is open elsewhere or a sync runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { HttpError, Title, useNotify, useTranslate } from 'react-admin';
import type { AccountView, PostView } from '../shared/instagram';
import { AccountCard } from './AccountCard';
import { disconnect, loadAccount, loadPosts, savePost, startConnect, syncNow } from './api';
import { PostCard } from './PostCard';
import { TagDialog } from './TagDialog';

const POLL_MS = 2000;

export default function InstagramPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [account, setAccount] = useState<AccountView | null>(null);
  const [posts, setPosts] = useState<PostView[]>([]);
  const [failed, setFailed] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tagging, setTagging] = useState<PostView | null>(null);

  // Answers can arrive out of order (a poll, a focus, the refresh after a save): one asked before a
  // save may land after it and would show the post as it was. Only the latest asked is shown.
  const asked = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const [a, p] = await Promise.all([loadAccount(), loadPosts()]);
      if (mine !== asked.current) return;
      setAccount(a);
      setPosts(p);
      setFailed(false);
      if (a.status === 'connected') setWaiting(false);
    } catch {
      if (mine === asked.current) setFailed(true);
    }
  }, []);

  useEffect(() => void refresh(), [refresh]);
  // the lastSyncAt a "Sync now" started from: polled until a newer one arrives
  const [syncFrom, setSyncFrom] = useState<{ last: string | null } | null>(null);
  const awaitingSync =
    account?.status === 'connected' && account.syncStatus !== 'failed' && (!account.lastSyncAt || (syncFrom !== null && account.lastSyncAt === syncFrom.last));
  const polling = waiting || account?.syncStatus === 'syncing' || awaitingSync;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [polling, refresh]);
  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);

  async function act(step: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await step();
      if (done) notify(translate(done), { type: 'success' });
      await refresh();
    } catch (err) {
      notify(err instanceof HttpError && err.status === 503 ? translate('instagram:page.not_configured') : translate('instagram:post.save_failed'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  const connect = () =>
    act(async () => {
      // Instagram's window refuses to be framed (the admin may be inside Shopify's): a new tab
      window.open(await startConnect(), '_blank', 'noopener');
      setWaiting(true);
    });
  const update = (post: PostView, patch: Parameters<typeof savePost>[1]) =>
    act(async () => {
      const saved = await savePost(post.id, patch);
      asked.current++; // what was asked before the save is older than this answer
      setPosts((all) => all.map((p) => (p.id === saved.id ? saved : p)));
      setTagging(null);
    }, 'instagram:post.saved');

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('instagram:page.title')} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('instagram:page.title')}
        </Typography>
        <Typography color="text.secondary">{translate('instagram:page.description')}</Typography>
      </Box>
      {failed && <Alert severity="error">{translate('instagram:page.load_failed')}</Alert>}
      {account && (
        <AccountCard
          account={account}
          waiting={waiting}
          busy={busy}
          onConnect={connect}
          onDisconnect={() => act(disconnect)}
          onSync={() =>
            act(async () => {
              setSyncFrom({ last: account.lastSyncAt });
              await syncNow();
            }, 'instagram:page.sync_started')
          }
        />
      )}
      {account && (account.status !== 'never' || posts.length > 0) && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {translate('instagram:page.posts_title', { count: posts.length })}
          </Typography>
          {posts.length === 0 && <Typography color="text.secondary">{translate('instagram:page.no_posts')}</Typography>}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {posts.map((p) => (
              <PostCard key={p.id} post={p} onToggle={(shown) => update(p, { hidden: !shown })} onTag={() => setTagging(p)} />
            ))}
          </Box>
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('instagram:page.scope_note')}
      </Typography>
      {tagging && <TagDialog post={tagging} saving={busy} onSave={(productIds) => update(tagging, { productIds })} onClose={() => setTagging(null)} />}
    </Box>
  );
}
