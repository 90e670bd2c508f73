// The theme editor's deep links (https://<shop>/admin/themes/current/editor?...), the way a merchant
// meets them: the link opens the editor with the change staged, and nothing is stored until the
// merchant presses Save. Two links exist (Shopify's theme app extension docs):
//   app embed: ?context=apps&template=<t>&activateAppId=<api_key>/<handle>
//   app block: ?template=<t>&addAppBlockId=<api_key>/<handle>&target=newAppsSection|mainSection|sectionId:<id>
// Without either, the page is the editor's App embeds panel, where embeds are switched on and off.
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { EmulatorContext } from './context';
import { adminPage, errorPage, html } from './html';
import { EXTENSION_DIR, ThemeExtension } from './theme-extension';
import { addAppBlock, appEmbeds, mainTheme, setAppEmbeds, type BlockTarget } from './themes';
import type { ShopRecord } from './types';

type Kind = 'embed' | 'section';

function extensionBlocks(extension: ThemeExtension): { handle: string; name: string; kind: Kind }[] {
  return fs
    .readdirSync(path.join(EXTENSION_DIR, 'blocks'))
    .filter((f) => f.endsWith('.liquid'))
    .map((f) => f.slice(0, -'.liquid'.length))
    .map((handle) => {
      const schema = extension.block(handle)!.schema;
      return { handle, name: schema.name, kind: schema.target === 'section' ? ('section' as const) : ('embed' as const) };
    });
}

interface DeepLink {
  embed?: string;
  block?: { handle: string; template: string; target: BlockTarget };
}

export function themeEditorRouter(em: EmulatorContext): Router {
  const router = new Router();
  const extension = new ThemeExtension();
  const blocks = () => extensionBlocks(extension);

  /** The link's `<api_key>/<handle>`: this app's key and a block of the wanted kind, else an error. */
  function appBlock(value: string, kind: Kind): string {
    const [key, handle] = value.split('/');
    if (key !== em.apiKey) throw new Error('This app is not installed on this store.');
    const found = blocks().find((b) => b.handle === handle && b.kind === kind);
    if (!found) throw new Error(`The app has no ${kind === 'embed' ? 'app embed' : 'app block'} named "${handle}".`);
    return handle;
  }

  function readLink(q: Record<string, unknown>): DeepLink {
    const str = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : undefined);
    const link: DeepLink = {};
    const activate = str('activateAppId');
    if (activate) {
      if (str('context') !== 'apps') throw new Error('App embeds are activated from the App embeds panel (context=apps).');
      link.embed = appBlock(activate, 'embed');
    }
    const add = str('addAppBlockId');
    if (add) {
      const template = str('template') ?? 'index';
      const target = str('target') ?? 'newAppsSection';
      if (!/^(newAppsSection|mainSection|sectionId:[\w-]+)$/.test(target)) throw new Error(`Unknown target "${target}".`);
      link.block = { handle: appBlock(add, 'section'), template, target: target as BlockTarget };
    }
    return link;
  }

  function shopFor(ctx: Context): ShopRecord | undefined {
    const shop = em.store.shop(ctx.params.shop);
    const theme = shop && mainTheme(shop);
    if (!shop || !theme || (ctx.params.theme !== 'current' && ctx.params.theme !== theme.id)) {
      ctx.status = 404;
      ctx.type = 'html';
      ctx.body = errorPage('Theme not found', 'There is no such theme in this store.');
      return undefined;
    }
    return shop;
  }

  function page(ctx: Context, shop: ShopRecord, link: DeepLink, saved: boolean) {
    const on = appEmbeds(shop);
    const embeds = blocks().filter((b) => b.kind === 'embed');
    const block = link.block && blocks().find((b) => b.handle === link.block!.handle);
    ctx.type = 'html';
    ctx.body = adminPage(
      'Theme editor',
      html`
      <h1>Customize ${mainTheme(shop)!.name}</h1>
      ${saved ? html`<p role="status" class="badge">Saved</p>` : html``}
      ${block ? html`<p data-staged-block>Plaudit: <strong>${block.name}</strong> added to the ${link.block!.template} template (${link.block!.target}). Save to keep it.</p>` : html``}
      <form method="post">
        <h2>App embeds</h2>
        <ul>${embeds.map((b) => html`<li><label><input type="checkbox" name="embed" value="${b.handle}" ${on[b.handle] || link.embed === b.handle ? html`checked` : html``}> Plaudit: ${b.name}</label></li>`)}</ul>
        ${link.block ? html`<input type="hidden" name="addAppBlockId" value="${em.apiKey}/${link.block.handle}"><input type="hidden" name="template" value="${link.block.template}"><input type="hidden" name="target" value="${link.block.target}">` : html``}
        <div class="actions"><button type="submit">Save</button></div>
      </form>`,
    );
  }

  const editor = '/shops/:shop/admin/themes/:theme/editor';

  router.get(editor, (ctx) => {
    const shop = shopFor(ctx);
    if (!shop) return;
    try {
      page(ctx, shop, readLink(ctx.query), ctx.query.saved === '1');
    } catch (err) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Could not open the theme editor', (err as Error).message);
    }
  });

  // Save: the embeds checked on the panel are on, the others off; a staged app block is added.
  router.post(editor, (ctx) => {
    const shop = shopFor(ctx);
    if (!shop) return;
    const form = (ctx.request.body ?? {}) as Record<string, string | string[] | undefined>;
    const checked = new Set([form.embed ?? []].flat());
    let link: DeepLink;
    try {
      link = readLink({ ...form, context: 'apps' });
    } catch (err) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('Could not save', (err as Error).message);
      return;
    }
    const embeds = blocks().filter((b) => b.kind === 'embed');
    const wanted = Object.fromEntries(embeds.map((b) => [b.handle, checked.has(b.handle)]));
    setAppEmbeds(em.store, shop, wanted);
    if (link.block) addAppBlock(em.store, shop, link.block.template, link.block.handle, link.block.target);
    ctx.redirect(`/shops/${shop.domain}/admin/themes/current/editor?context=apps&saved=1`);
  });

  return router;
}
