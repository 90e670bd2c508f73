// Ops commands for migrations: `npm run plaudit -- import --shop <domain> <file>` and
// `npm run plaudit -- export --shop <domain> --format plaudit|judgeme --out <file>`. Both go through
// the running app (`npm start`) as the shop's admin would: the same upload, format recognition,
// workflow and export as the screens, so a scripted migration behaves exactly like a merchant's.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { CommandError, definePluginCli, SHOP_DOMAIN, type PluginCommandContext } from '@plaudit/kernel';

const POLL_MS = 500;

function parse<T extends ParseArgsOptionsConfig>(args: string[], options: T, positionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: positionals });
  } catch (err) {
    throw new CommandError((err as Error).message);
  }
}

function shopOf(shop: string | undefined): string {
  if (!shop || !SHOP_DOMAIN.test(shop)) throw new CommandError('--shop must be a shop domain like my-store.myshopify.com');
  return shop;
}

/** One call to the running app; its JSON `data`, or the app's own message as the error. */
async function call(ctx: PluginCommandContext, shop: string, route: string, init: RequestInit = {}) {
  const { url, token } = ctx.appApi(shop);
  const res = await fetch(`${url}/api${route}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } }).catch(() => {
    throw new CommandError(`The app is not answering at ${url}: start it with \`npm start\``);
  });
  const body = (await res.json().catch(() => ({}))) as { data?: any; message?: string };
  if (!res.ok) throw new CommandError(body.message ?? `${route}: HTTP ${res.status}`);
  return body.data;
}

export default definePluginCli({
  commands: {
    import: {
      alias: 'import',
      usage:
        '--shop <domain> [--ignore-column <header>]... <file>   import a review file (any supported format) and print the counts as JSON; a date column no field takes stops it unless ignored',
      async run(args, ctx) {
        const { values, positionals } = parse(args, { shop: { type: 'string' }, 'ignore-column': { type: 'string', multiple: true } }, true);
        const shop = shopOf(values.shop);
        if (positionals.length !== 1) throw new CommandError('give exactly one file');
        const file = path.resolve(positionals[0]);
        if (!fs.existsSync(file)) throw new CommandError(`no such file: ${file}`);
        const form = new FormData();
        form.append('file', await fs.openAsBlob(file), path.basename(file));
        const uploaded = await call(ctx, shop, '/imports/files', { method: 'POST', body: form });
        ctx.print(`${uploaded.fileName}: ${uploaded.format} format, ${uploaded.headers.length} columns`);
        const ignored = new Set(values['ignore-column'] ?? []);
        const unmapped = (uploaded.unmapped as { header: string; date: boolean }[]).filter((c) => !ignored.has(c.header));
        // a review's date is never guessed: without its column every review would be dated today
        const date = unmapped.find((c) => c.date);
        if (date) {
          throw new CommandError(
            `The column "${date.header}" holds dates that no field of the ${uploaded.format} format takes: nothing was imported. Pass --ignore-column "${date.header}" to import without it.`,
          );
        }
        if (unmapped.length) ctx.print(`not imported (no field takes them): ${unmapped.map((c) => `"${c.header}"`).join(', ')}`);
        const started = await call(ctx, shop, `/imports/${uploaded.id}/start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ format: uploaded.format, mapping: uploaded.mapping }),
        });
        let run = started;
        while (run.status === 'running' || run.status === 'uploaded') {
          await new Promise((ok) => setTimeout(ok, POLL_MS));
          run = await call(ctx, shop, `/imports/${started.id}`);
        }
        if (run.error) ctx.print(run.error);
        if (run.failed) ctx.print(`error report: ${ctx.appApi(shop).url}/api/imports/${run.id}/errors.csv`);
        ctx.print(JSON.stringify({ imported: run.imported, skipped: run.skipped, failed: run.failed, format: uploaded.format }));
        if (run.status === 'failed') process.exitCode = 1;
      },
    },
    export: {
      alias: 'export',
      usage:
        "--shop <domain> --format plaudit|judgeme [--type csv|xlsx] [--content reviews|questions] --out <file>   export the shop's reviews (or its questions and answers, CSV)",
      async run(args, ctx) {
        const { values } = parse(args, {
          shop: { type: 'string' },
          format: { type: 'string' },
          type: { type: 'string' },
          content: { type: 'string' },
          out: { type: 'string' },
        });
        const shop = shopOf(values.shop);
        if (!values.out) throw new CommandError('--out is required');
        const format = values.format ?? 'plaudit';
        const type = values.type ?? (values.out.endsWith('.xlsx') ? 'xlsx' : 'csv');
        const { url, token } = ctx.appApi(shop);
        const content = encodeURIComponent(values.content ?? 'reviews');
        const res = await fetch(`${url}/api/imports/export?content=${content}&format=${encodeURIComponent(format)}&type=${encodeURIComponent(type)}&tab=all`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => {
          throw new CommandError(`The app is not answering at ${url}: start it with \`npm start\``);
        });
        if (!res.ok || !res.body) throw new CommandError(((await res.json().catch(() => ({}))) as { message?: string }).message ?? `HTTP ${res.status}`);
        await pipeline(Readable.fromWeb(res.body as never), fs.createWriteStream(values.out));
        ctx.print(`wrote ${values.out} (${fs.statSync(values.out).size} bytes)`);
      },
    },
  },
});
