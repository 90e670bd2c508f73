// The online store's themes as the Admin API and the theme editor see them: a Dawn-like main theme
// whose JSON files carry Shopify's auto-generated comment header. The theme editor writes the two
// places an app's theme extension lands: app embed blocks in config/settings_data.json
// (`current.blocks`, each `{ type: "shopify://apps/<app>/blocks/<handle>/<uid>", disabled }`) and
// app blocks in templates/<template>.json (in the main section or in a new "apps" section).
import crypto from 'node:crypto';
import { isoTime, type EmulatorStore } from './store';
import type { ShopRecord, ThemeFileRecord, ThemeRecord } from './types';

export const APP_HANDLE = 'plaudit';
/** The theme app extension's uid, as Shopify puts it at the end of a block's type. */
export const EXTENSION_UID = '0f5c2a71-8d3e-4b6a-9c1d-5e2f7a8b9c0d';

const HEADER = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 *
 * This file may be updated by the Shopify admin theme editor
 * or related systems. Please exercise caution as any changes
 * made to this file may be overwritten.
 * ------------------------------------------------------------
 */
`;

type Json = Record<string, unknown>;

const DEFAULT_SETTINGS = {
  current: 'Default',
  presets: { Default: { type_header_font: 'assistant_n4', colors_solid_button_labels: '#ffffff', page_width: 1200 } },
};
const PRODUCT_TEMPLATE = {
  sections: {
    main: {
      type: 'main-product',
      blocks: {
        vendor: { type: 'text', settings: { text: '{{ product.vendor }}' } },
        title: { type: 'title', settings: {} },
        price: { type: 'price', settings: {} },
        variant_picker: { type: 'variant_picker', settings: { picker_type: 'button' } },
        buy_buttons: { type: 'buy_buttons', settings: { show_dynamic_checkout: true } },
        description: { type: 'description', settings: {} },
      },
      block_order: ['vendor', 'title', 'price', 'variant_picker', 'buy_buttons', 'description'],
      settings: { enable_sticky_info: true },
    },
    'related-products': { type: 'related-products', settings: { heading: 'You may also like' } },
  },
  order: ['main', 'related-products'],
};

export const blockType = (handle: string) => `shopify://apps/${APP_HANDLE}/blocks/${handle}/${EXTENSION_UID}`;

const file = (filename: string, body: unknown, at: string): ThemeFileRecord => ({
  filename,
  content: HEADER + JSON.stringify(body, null, 2),
  createdAt: at,
  updatedAt: at,
});

/** A fresh Dawn as a new store has it: no app embed switched on, no app block placed. */
export function newTheme(store: EmulatorStore, at = Date.now()): ThemeRecord {
  const time = isoTime(at);
  return {
    id: store.nextId(),
    name: 'Dawn',
    role: 'MAIN',
    themeStoreId: 887,
    createdAt: time,
    updatedAt: time,
    files: [
      file('config/settings_data.json', DEFAULT_SETTINGS, time),
      file('templates/product.json', PRODUCT_TEMPLATE, time),
      file('templates/index.json', { sections: { image_banner: { type: 'image-banner', settings: {} } }, order: ['image_banner'] }, time),
      {
        filename: 'layout/theme.liquid',
        content: '<!doctype html><html><head>{{ content_for_header }}</head><body>{{ content_for_layout }}</body></html>',
        createdAt: time,
        updatedAt: time,
      },
    ],
  };
}

export function mainTheme(shop: ShopRecord): ThemeRecord | undefined {
  return shop.themes.find((t) => t.role === 'MAIN');
}

function readJson(theme: ThemeRecord, filename: string): Json {
  const f = theme.files.find((x) => x.filename === filename);
  if (!f) return {};
  return JSON.parse(f.content.replace(/^\s*\/\*[\s\S]*?\*\//, '')) as Json;
}

function writeJson(store: EmulatorStore, theme: ThemeRecord, filename: string, body: Json): void {
  const now = isoTime(Date.now());
  const existing = theme.files.find((x) => x.filename === filename);
  if (existing) Object.assign(existing, { content: HEADER + JSON.stringify(body, null, 2), updatedAt: now });
  else theme.files.push(file(filename, body, now));
  theme.updatedAt = now;
  store.changed();
}

/** Block ids in settings_data.json are long decimal strings Shopify generates. */
const embedId = () => BigInt(`0x${crypto.randomBytes(8).toString('hex')}`).toString();

/** `current` as an object: the theme editor's first save turns a preset name into its settings. */
function currentSettings(data: Json): Json {
  if (typeof data.current === 'string') return { ...(((data.presets as Json | undefined)?.[data.current] as Json | undefined) ?? {}) };
  return { ...((data.current as Json | undefined) ?? {}) };
}

/** The app embeds of this app in the main theme, by block handle: true on, false switched off. */
export function appEmbeds(shop: ShopRecord): Record<string, boolean> {
  const theme = mainTheme(shop);
  if (!theme) return {};
  const blocks = (currentSettings(readJson(theme, 'config/settings_data.json')).blocks ?? {}) as Record<string, { type: string; disabled?: boolean }>;
  const out: Record<string, boolean> = {};
  for (const b of Object.values(blocks)) {
    const m = /^shopify:\/\/apps\/([^/]+)\/blocks\/([^/]+)\//.exec(b.type);
    if (m && m[1] === APP_HANDLE) out[m[2]] = b.disabled !== true;
  }
  return out;
}

/** Switches app embeds on or off as the editor's Save does: a block entry is added the first time. */
export function setAppEmbeds(store: EmulatorStore, shop: ShopRecord, wanted: Record<string, boolean>): void {
  const theme = mainTheme(shop);
  if (!theme) return;
  const data = readJson(theme, 'config/settings_data.json');
  const current = currentSettings(data);
  const blocks = { ...((current.blocks as Record<string, { type: string; disabled?: boolean; settings?: Json }> | undefined) ?? {}) };
  for (const [handle, on] of Object.entries(wanted)) {
    const found = Object.entries(blocks).find(([, b]) => b.type === blockType(handle));
    if (found) blocks[found[0]] = { ...found[1], disabled: !on };
    else if (on) blocks[embedId()] = { type: blockType(handle), disabled: false, settings: {} };
  }
  writeJson(store, theme, 'config/settings_data.json', { ...data, current: { ...current, blocks } });
}

export type BlockTarget = 'mainSection' | 'newAppsSection' | `sectionId:${string}`;

/** Adds an app block to a JSON template, where the deep link's `target` says. */
export function addAppBlock(store: EmulatorStore, shop: ShopRecord, template: string, handle: string, target: BlockTarget): void {
  const theme = mainTheme(shop);
  if (!theme) return;
  const filename = `templates/${template}.json`;
  const data = readJson(theme, filename);
  const sections = { ...((data.sections as Record<string, Json> | undefined) ?? {}) };
  const order = [...((data.order as string[] | undefined) ?? [])];
  const id = `${handle.replace(/-/g, '_')}_${crypto.randomBytes(3).toString('hex')}`;
  const block = { type: blockType(handle), settings: {} };
  if (target === 'newAppsSection') {
    const sectionId = `apps_${crypto.randomBytes(3).toString('hex')}`;
    sections[sectionId] = { type: 'apps', blocks: { [id]: block }, block_order: [id], settings: { include_margins: true } };
    const main = order.indexOf('main');
    order.splice(main >= 0 ? main + 1 : order.length, 0, sectionId);
  } else {
    const sectionId =
      target === 'mainSection' ? Object.keys(sections).find((k) => String(sections[k].type).startsWith('main-')) : target.slice('sectionId:'.length);
    const section = sectionId ? sections[sectionId] : undefined;
    if (!section) throw new Error(`no section ${target} in ${filename}`);
    const blockOrder = [...((section.block_order as string[] | undefined) ?? [])];
    // Under the title where there is one, as a merchant places a star rating.
    const after = blockOrder.indexOf('title');
    blockOrder.splice(after >= 0 ? after + 1 : blockOrder.length, 0, id);
    sections[sectionId!] = { ...section, blocks: { ...((section.blocks as Json | undefined) ?? {}), [id]: block }, block_order: blockOrder };
  }
  writeJson(store, theme, filename, { ...data, sections, order });
}

/** The handles of this app's blocks placed (and not disabled) in a JSON template. */
export function placedAppBlocks(shop: ShopRecord, template: string): string[] {
  const theme = mainTheme(shop);
  if (!theme) return [];
  const sections = (readJson(theme, `templates/${template}.json`).sections ?? {}) as Record<
    string,
    { disabled?: boolean; blocks?: Record<string, { type: string; disabled?: boolean }> }
  >;
  return Object.values(sections)
    .filter((s) => s.disabled !== true)
    .flatMap((s) => Object.values(s.blocks ?? {}).filter((b) => b.disabled !== true))
    .map((b) => /^shopify:\/\/apps\/([^/]+)\/blocks\/([^/]+)\//.exec(b.type))
    .filter((m): m is RegExpExecArray => !!m && m[1] === APP_HANDLE)
    .map((m) => m[2]);
}
