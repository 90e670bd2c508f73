// Products a post is tagged with, looked up in the shop's own store (so a tag names a product of
// this shop that exists), with the title, handle and image the screen and the widget show.
import createHttpError from 'http-errors';
import type { KernelServices } from '@plaudit/kernel';
import type { TaggedProduct } from '../shared/instagram';

export async function taggedProducts(services: KernelServices, shopDomain: string, ids: string[]): Promise<TaggedProduct[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  if (!services.platform) throw createHttpError(503, 'The store platform is not configured');
  const query = unique.map((id) => `id:${id.split('/').pop()}`).join(' OR ');
  const page = await services.platform.adminApi(shopDomain).products({ first: unique.length, query });
  const found = new Map(page.nodes.map((p) => [p.id, p]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw createHttpError(400, 'Validation failed', { errors: { productIds: 'The value is invalid' } });
  return unique.map((id) => {
    const p = found.get(id)!;
    return { id, title: p.title, handle: p.handle, image: p.featuredMedia?.preview?.image?.url ?? null };
  });
}
