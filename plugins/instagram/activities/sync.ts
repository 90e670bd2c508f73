// One shop's sync: every page of /me/media (images, videos by their thumbnail and their own MP4,
// carousels by their children), each new post's files downloaded and re-hosted by us, known posts only updated
// (idempotent by media id: a retried sync downloads nothing twice), posts gone from Instagram
// removed. Instagram's refusals become Temporal's retries (shared/client.ts).
import { heartbeat } from '@temporalio/activity';
import type { ActivityDeps, Tenant } from '@plaudit/kernel';
import { accountOf, setSyncState, tokenOf } from '../db/accounts';
import { deleteFiles, storePicture, storeVideo } from '../db/pictures';
import { removeOtherPosts, storedMedia, upsertPost } from '../db/posts';
import { instagramClient, type GraphMedia, type InstagramClient } from '../shared/client';
import type { Picture, ShopRef, SyncOutcome } from '../shared/instagram';

/** At most this many posts are kept (newest first), like the widgets show. */
const MAX_POSTS = 100;
const GRAPH_HOST = 'graph.instagram.com';

/** The pictures' source URLs: an image's media_url, a video's thumbnail, an album's children's. */
export function pictureUrls(m: Omit<GraphMedia, 'children'> & { children?: GraphMedia['children'] }): string[] {
  if (m.media_type === 'CAROUSEL_ALBUM') return (m.children?.data ?? []).flatMap((c) => pictureUrls(c));
  const url = m.media_type === 'VIDEO' ? m.thumbnail_url : m.media_url;
  return url ? [url] : [];
}

async function allMedia(client: InstagramClient, token: string): Promise<GraphMedia[]> {
  const found: GraphMedia[] = [];
  let page = await client.media(token);
  for (;;) {
    found.push(...page.data);
    heartbeat(found.length);
    const next = page.paging?.next;
    // only Graph's own next page is followed
    if (!next || found.length >= MAX_POSTS || new URL(next).host !== GRAPH_HOST) break;
    page = await client.media(token, next);
  }
  return found.slice(0, MAX_POSTS);
}

async function picturesOf(deps: ActivityDeps, client: InstagramClient, m: GraphMedia): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (const url of pictureUrls(m)) {
    pictures.push(await storePicture(deps.config.dataDir, await client.download(url)));
    heartbeat(m.id);
  }
  return pictures;
}

/**
 * A video post's MP4, re-hosted; null when it is not a video or its file cannot be kept (not an MP4,
 * too large, a failed download): the post then shows its thumbnail and links to Instagram, and the
 * next sync tries again.
 */
async function videoOf(deps: ActivityDeps, client: InstagramClient, m: GraphMedia): Promise<string | null> {
  if (m.media_type !== 'VIDEO' || !m.media_url) return null;
  try {
    const stored = storeVideo(deps.config.dataDir, await client.download(m.media_url)) ?? null;
    heartbeat(m.id);
    return stored;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, media: m.id }, 'instagram video not re-hosted; its thumbnail is shown');
    return null;
  }
}

async function syncPosts(deps: ActivityDeps, tenant: Tenant, token: string): Promise<number> {
  const client = instagramClient(deps.config);
  const media = await allMedia(client, token);
  const known = await storedMedia(tenant);
  for (const m of media) {
    const stored = known.get(m.id);
    const pictures = stored?.pictures.length ? stored.pictures : await picturesOf(deps, client, m);
    const videoUrl = stored?.videoUrl ?? (await videoOf(deps, client, m));
    await upsertPost(tenant, {
      mediaId: m.id,
      mediaType: m.media_type,
      caption: m.caption ?? null,
      permalink: m.permalink ?? null,
      postedAt: m.timestamp ? new Date(m.timestamp.replace(/\+0000$/, 'Z')) : null,
      pictures,
      videoUrl,
    });
  }
  deleteFiles(
    deps.config.dataDir,
    await removeOtherPosts(
      tenant,
      media.map((m) => m.id),
    ),
  );
  return media.length;
}

export function syncActivity(deps: ActivityDeps) {
  return async function instagramSyncShop(shop: ShopRef): Promise<SyncOutcome> {
    const tenant = deps.tenant(shop.shopId, shop.shopDomain);
    const token = await tokenOf(deps.config, tenant);
    if (!token) return 'not_connected';
    await setSyncState(tenant, { syncStatus: 'syncing' });
    try {
      const count = await syncPosts(deps, tenant, token);
      await setSyncState(tenant, { syncStatus: 'idle', lastSyncAt: new Date(), lastSyncError: null });
      deps.log.info({ shop: shop.shopDomain, posts: count }, 'instagram synced');
      return 'synced';
    } catch (err) {
      // still connected: the failure is shown on the screen while Temporal retries
      if ((await accountOf(tenant))?.status === 'connected')
        await setSyncState(tenant, { syncStatus: 'failed', lastSyncError: (err as Error).message.slice(0, 300) });
      throw err;
    }
  };
}
