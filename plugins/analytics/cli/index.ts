// `npm run plaudit -- analytics:backfill --shop <domain> | --all`: counts a shop's history into the
// rollups again through the running app (the same rebuild workflow a timezone change starts) and
// waits until it is done. --all does it for every shop already counted once.
import { parseArgs } from 'node:util';
import { CommandError, definePluginCli, SHOP_DOMAIN, type PluginCommandContext } from '@plaudit/kernel';
import { countedShops } from '../db/state';

const POLL_MS = 1000;

async function call(ctx: PluginCommandContext, shop: string, route: string, method = 'GET') {
  const { url, token } = ctx.appApi(shop);
  const res = await fetch(`${url}/api/analytics${route}`, { method, headers: { authorization: `Bearer ${token}` } }).catch(() => {
    throw new CommandError(`The app is not answering at ${url}: start it with \`npm start\``);
  });
  const body = (await res.json().catch(() => ({}))) as { status?: string; message?: string };
  if (!res.ok) throw new CommandError(`${shop}: ${body.message ?? `HTTP ${res.status}`}`);
  return body;
}

async function backfill(ctx: PluginCommandContext, shop: string) {
  const started = Date.now();
  await call(ctx, shop, '/rebuild', 'POST');
  while ((await call(ctx, shop, '/overview?period=7d')).status !== 'ready') await new Promise((r) => setTimeout(r, POLL_MS));
  ctx.print(`${shop}\trebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default definePluginCli({
  commands: {
    backfill: {
      usage: '(--shop <domain> | --all)   count the rollups of a shop (or of every counted shop) again from the source data',
      async run(args, ctx) {
        let values: { shop?: string; all?: boolean };
        try {
          ({ values } = parseArgs({ args, options: { shop: { type: 'string' }, all: { type: 'boolean' } }, strict: true }));
        } catch (err) {
          throw new CommandError((err as Error).message);
        }
        if (!values.all === !values.shop) throw new CommandError('give either --shop <domain> or --all');
        if (values.shop && !SHOP_DOMAIN.test(values.shop)) throw new CommandError('--shop must be a shop domain like my-store.myshopify.com');
        const shops = values.all ? await countedShops(ctx.knex) : [values.shop!];
        for (const shop of shops) await backfill(ctx, shop);
        if (!shops.length) ctx.print('no shop has been counted yet');
      },
    },
  },
});
