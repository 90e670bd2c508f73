// The merchant's API keys (/settings/managingKey), behind the admin's own authentication:
//   GET    /api/api-keys              { items: keys newest first (never a secret), access: { allowed, tier } }
//   POST   /api/api-keys              { name, scopes } -> 201, the key with its plain `key`, shown once
//   POST   /api/api-keys/:id/rotate   -> 201, the replacing key with its plain `key`; the old one is revoked
//   DELETE /api/api-keys/:id          -> the revoked key
// Making keys (create, rotate) needs the public API's tier; listing and revoking never do, so a
// merchant who downgraded can still see and revoke what exists.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import { requiredTier, requireFeature, type ApiServices, type AppState } from '@plaudit/kernel';
import { countActiveKeys, createKey, listKeys, revokeKey, rotateKey } from '../db/keys';
import { keyInput, type ApiKeyList } from '../shared/keys';

/** active keys a shop may hold at once: enough for every integration, few enough to keep track of */
export const MAX_ACTIVE_KEYS = 20;
const FEATURE = 'publicApi';
const idParam = z.object({ id: z.coerce.number({ error: 'The value is invalid' }).int('The value is invalid').positive('The value is invalid') });

export function keyRoutes(services: ApiServices) {
  const router = new Router<AppState>({ prefix: '/api-keys' });

  router.get('/', async (ctx) => {
    const shop = await services.shops.get(ctx.state.auth.shopId);
    const body: ApiKeyList = {
      items: await listKeys(ctx.state.tenant),
      access: { allowed: !!shop && services.shops.allows(shop, FEATURE), tier: requiredTier(FEATURE) },
    };
    ctx.body = body;
  });

  router.post('/', requireFeature(FEATURE), async (ctx) => {
    const input = keyInput.parse(ctx.request.body ?? {});
    if ((await countActiveKeys(ctx.state.tenant)) >= MAX_ACTIVE_KEYS) {
      throw createHttpError(409, `A shop holds at most ${MAX_ACTIVE_KEYS} active keys: revoke one first`, { code: 'KEY_LIMIT' });
    }
    ctx.status = 201;
    ctx.body = await createKey(ctx.state.tenant, input);
  });

  router.post('/:id/rotate', requireFeature(FEATURE), async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    const rotated = await rotateKey(services.knex, ctx.state.tenant, id);
    if (!rotated) throw createHttpError(404, 'No such active key');
    ctx.status = 201;
    ctx.body = rotated;
  });

  router.delete('/:id', async (ctx) => {
    const { id } = idParam.parse(ctx.params);
    const revoked = await revokeKey(ctx.state.tenant, id);
    if (!revoked) throw createHttpError(404, 'No such key');
    ctx.body = revoked;
  });

  return router;
}
