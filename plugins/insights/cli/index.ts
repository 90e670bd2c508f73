// `npm run plaudit -- insights:rebuild --shop <domain>`: starts the shop's rebuild on the running app
// (every review read again, workflows/rebuild.ts; a rebuild under way is followed, not started twice)
// and prints its progress every few seconds until it completes.
import { parseArgs } from 'node:util';
import { CommandError, definePluginCli, SHOP_DOMAIN } from '@plaudit/kernel';
import type { RebuildProgress } from '../workflows/messages';

const POLL_MS = 2_000;

export default definePluginCli({
  commands: {
    rebuild: {
      usage: '--shop <domain>   read every review of the shop again (topics, needs a look), printing the progress',
      async run(args, ctx) {
        let shop: string | undefined;
        try {
          shop = parseArgs({ args, options: { shop: { type: 'string' } }, strict: true }).values.shop;
        } catch (err) {
          throw new CommandError((err as Error).message);
        }
        if (!shop || !SHOP_DOMAIN.test(shop)) throw new CommandError('--shop must be a shop domain like my-store.myshopify.com');
        const { url, token } = ctx.appApi(shop);
        const call = async <T>(method: 'GET' | 'POST'): Promise<T> => {
          const res = await fetch(`${url}/api/insights/rebuild`, { method, headers: { authorization: `Bearer ${token}` } }).catch(() => {
            throw new CommandError(`The app is not answering at ${url}: start it with \`npm start\``);
          });
          const body = (await res.json().catch(() => ({}))) as T & { message?: string };
          if (!res.ok) throw new CommandError(`${shop}: ${body.message ?? `HTTP ${res.status}`}`);
          return body;
        };
        const { workflowId } = await call<{ workflowId: string }>('POST');
        ctx.print(`${shop}\trebuild ${workflowId} started`);
        for (;;) {
          const { progress } = await call<{ progress: RebuildProgress | null }>('GET');
          if (progress?.state === 'completed') {
            const seconds = (Date.parse(progress.finishedAt!) - Date.parse(progress.startedAt)) / 1000;
            return ctx.print(`${shop}\t${progress.read} reviews read in ${seconds.toFixed(1)} s`);
          }
          if (progress) ctx.print(`${shop}\t${progress.state}: ${progress.read} of ${progress.total ?? '?'} reviews read`);
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      },
    },
  },
});
