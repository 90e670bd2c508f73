// The synced posts of a shop: one row per Instagram media id, with our own pictures, the merchant's
// hidden flag and tagged products (kept across syncs), newest first.
import type { Tenant } from '@plaudit/kernel';
import type { Picture, PostView, TaggedProduct } from '../shared/instagram';

interface PostRow {
  id: number | string;
  mediaId: string;
  mediaType: PostView['mediaType'];
  caption: string | null;
  permalink: string | null;
  postedAt: Date | null;
  pictures: Picture[];
  videoUrl: string | null;
  hidden: boolean;
  products: TaggedProduct[];
}

const posts = (tenant: Tenant) => tenant.table('instagram_posts');

export function presentPost(r: PostRow): PostView {
  return {
    id: Number(r.id),
    mediaId: r.mediaId,
    mediaType: r.mediaType,
    caption: r.caption,
    permalink: r.permalink,
    postedAt: r.postedAt ? new Date(r.postedAt).toISOString() : null,
    pictures: r.pictures,
    videoUrl: r.videoUrl ?? null,
    hidden: r.hidden,
    products: r.products,
  };
}

export async function listPosts(tenant: Tenant, o: { visibleOnly?: boolean; productId?: string } = {}): Promise<PostView[]> {
  const q = posts(tenant)
    .orderBy([
      { column: 'postedAt', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'desc' },
    ])
    .limit(200);
  if (o.visibleOnly) q.where({ hidden: false });
  if (o.productId) q.whereRaw('products @> ?::jsonb', [JSON.stringify([{ id: o.productId }])]);
  return ((await q.select('*')) as PostRow[]).map(presentPost);
}

export const countPosts = async (tenant: Tenant) => Number((await posts(tenant).count({ n: '*' }).first())?.n ?? 0);

export const postById = async (tenant: Tenant, id: number) => {
  const row = (await posts(tenant).where({ id }).first()) as PostRow | undefined;
  return row && presentPost(row);
};

export async function updatePost(tenant: Tenant, id: number, patch: { hidden?: boolean; products?: TaggedProduct[] }): Promise<PostView | undefined> {
  const changes = {
    ...(patch.hidden === undefined ? {} : { hidden: patch.hidden }),
    ...(patch.products ? { products: JSON.stringify(patch.products) } : {}),
    updatedAt: new Date(),
  };
  const [row] = (await posts(tenant).where({ id }).update(changes).returning('*')) as PostRow[];
  return row && presentPost(row);
}

export interface StoredMedia {
  pictures: Picture[];
  videoUrl: string | null;
}

/** Media ids already stored with their files: a sync downloads only the new ones. */
export async function storedMedia(tenant: Tenant): Promise<Map<string, StoredMedia>> {
  const rows: ({ mediaId: string } & StoredMedia)[] = await posts(tenant).select('mediaId', 'pictures', 'videoUrl');
  return new Map(rows.map((r) => [r.mediaId, { pictures: r.pictures, videoUrl: r.videoUrl ?? null }]));
}

export interface SyncedPost {
  mediaId: string;
  mediaType: PostView['mediaType'];
  caption: string | null;
  permalink: string | null;
  postedAt: Date | null;
  pictures: Picture[];
  videoUrl: string | null;
}

/** A post as Instagram has it now; the merchant's hidden flag and tags are kept. */
export async function upsertPost(tenant: Tenant, p: SyncedPost) {
  const row = { ...p, pictures: JSON.stringify(p.pictures), updatedAt: new Date() };
  await tenant
    .insertInto('instagram_posts', row)
    .onConflict(['shop_id', 'media_id'])
    .merge(['mediaType', 'caption', 'permalink', 'postedAt', 'pictures', 'videoUrl', 'updatedAt']);
}

/** Posts no longer on Instagram (deleted, or of another account): removed, with their files returned to delete. */
export async function removeOtherPosts(tenant: Tenant, keep: string[]): Promise<StoredMedia[]> {
  const gone = (await posts(tenant)
    .whereNotIn('mediaId', keep.length ? keep : [''])
    .del()
    .returning(['pictures', 'videoUrl'])) as StoredMedia[];
  return gone;
}
