// `npm run plaudit -- insights:rebuild --shop <domain>`: reads every published review of the shop
// again through the running app and prints how many.
import { parseArgs } from 'node:util';
import { CommandError, definePluginCli, SHOP_DOMAIN } from '@plaudit/kernel';

export default definePluginCli({
  commands: {
    rebuild: {
      usage: '--shop <domain>   read every published review of the shop again (topics, needs a look)',
      async run(args, ctx) {
        let shop: string | undefined;
        try {
          shop = parseArgs({ args, options: { shop: { type: 'string' } }, strict: true }).values.shop;
        } catch (err) {
          throw new CommandError((err as Error).message);
        }
        if (!shop || !SHOP_DOMAIN.test(shop)) throw new CommandError('--shop must be a shop domain like my-store.myshopify.com');
        const { url, token } = ctx.appApi(shop);
        const started = Date.now();
        const res = await fetch(`${url}/api/insights/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {
          throw new CommandError(`The app is not answering at ${url}: start it with \`npm start\``);
        });
        const body = (await res.json().catch(() => ({}))) as { reviews?: number; message?: string };
        if (!res.ok) throw new CommandError(`${shop}: ${body.message ?? `HTTP ${res.status}`}`);
        ctx.print(`${shop}\t${body.reviews} reviews read in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  },
});
