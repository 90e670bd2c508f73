// The app's theme app extension (extensions/plaudit-reviews) as Shopify's online store runs it: each
// block's Liquid rendered with liquidjs against Shopify-like objects (product and shop with their
// metafields from the emulated store, routes, template, request.locale, block.settings from the schema
// defaults), the `asset_url` and `t` filters (`t` from locales/<request.locale>.json, else the default
// locale's file), snippets through {% render %}, and the schema's `javascript` and `stylesheet` assets
// added to the page once each (as Shopify injects them). Assets are served from a CDN path,
// compressed, by content version.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Liquid } from 'liquidjs';
import { gid } from './ids';
import type { CustomerRecord, MetafieldRecord, ProductRecord, ShopRecord } from './types';

export const EXTENSION_DIR = path.resolve(__dirname, '../extensions/plaudit-reviews');
export const ASSET_PREFIX = '/cdn/extensions/plaudit-reviews';

interface SchemaSetting {
  id?: string;
  type: string;
  default?: unknown;
}

export interface BlockSchema {
  name: string;
  target: 'section' | 'body' | 'head';
  javascript?: string;
  stylesheet?: string;
  settings?: SchemaSetting[];
}

interface BlockFile {
  mtimeMs: number;
  source: string;
  schema: BlockSchema;
}

/** What a page collects from the blocks it rendered: assets Shopify adds to the page once each. */
export interface PageAssets {
  stylesheets: Set<string>;
  scripts: Set<string>;
}

export interface Asset {
  type: string;
  version: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const SCHEMA = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/;

/** A metafield's `value` as Liquid sees it: typed (numbers, booleans, rating objects, JSON). */
function liquidValue(m: MetafieldRecord): unknown {
  try {
    switch (m.type) {
      case 'number_integer':
      case 'number_decimal':
        return Number(m.value);
      case 'boolean':
        return m.value === 'true';
      case 'rating': {
        const r = JSON.parse(m.value) as { value: string; scale_min: string; scale_max: string };
        return { rating: Number(r.value), scale_min: Number(r.scale_min), scale_max: Number(r.scale_max) };
      }
      case 'json':
        return JSON.parse(m.value);
      default:
        return m.value;
    }
  } catch {
    return m.value;
  }
}

/** `owner.metafields.<namespace>.<key>` -> { value, type }. */
export function metafieldsOf(shop: ShopRecord, ownerId: string): Record<string, Record<string, { value: unknown; type: string }>> {
  const out: Record<string, Record<string, { value: unknown; type: string }>> = {};
  for (const m of shop.metafields) {
    if (m.ownerId !== ownerId) continue;
    (out[m.namespace] ??= {})[m.key] = { value: liquidValue(m), type: m.type };
  }
  return out;
}

export function liquidProduct(shop: ShopRecord, p: ProductRecord, base: string) {
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    url: `${base}/products/${p.handle}`,
    vendor: p.vendor,
    metafields: metafieldsOf(shop, gid('Product', p.id)),
  };
}

/** Liquid's `customer`: set on every page while a customer is signed in, nil for guests. */
export function liquidCustomer(c: CustomerRecord) {
  return { id: c.id, email: c.email, first_name: c.firstName, last_name: c.lastName, name: `${c.firstName} ${c.lastName}`.trim() };
}

export function liquidShop(shop: ShopRecord) {
  return {
    name: shop.name,
    permanent_domain: shop.domain,
    domain: shop.domain,
    currency: shop.currencyCode,
    locale: shop.primaryLocale,
    metafields: metafieldsOf(shop, gid('Shop', shop.id)),
  };
}

export class ThemeExtension {
  private readonly blocks = new Map<string, BlockFile>();
  private readonly assets = new Map<string, Asset & { mtimeMs: number }>();
  private readonly engine: Liquid;
  private readonly strings = new Map<string, { mtimeMs: number; strings: Record<string, unknown> }>();

  constructor(readonly dir = EXTENSION_DIR) {
    this.engine = new Liquid({ root: [path.join(dir, 'snippets')], extname: '.liquid', cache: false });
    this.engine.registerFilter('asset_url', (file: string) => this.assetUrl(String(file)));
    const translate = this.translate.bind(this);
    // the page's language is the render's request.locale (Shopify picks the locale file by it)
    this.engine.registerFilter('t', function (this: { context: { globals: unknown } }, key: string, ...args: [string, unknown][]) {
      const request = (this.context.globals as { request?: { locale?: { iso_code?: string } } }).request;
      return translate(String(key), Object.fromEntries(args), request?.locale?.iso_code);
    });
  }

  /** blocks/<name>.liquid, its schema split off; re-read when the file changes (edit and reload). */
  block(name: string): BlockFile | undefined {
    const file = path.join(this.dir, 'blocks', `${path.basename(name)}.liquid`);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    const cached = this.blocks.get(name);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached;
    const text = fs.readFileSync(file, 'utf8');
    const m = SCHEMA.exec(text);
    if (!m) throw new Error(`${file} has no {% schema %}`);
    const loaded = { mtimeMs: stat.mtimeMs, source: text.replace(SCHEMA, ''), schema: JSON.parse(m[1]) as BlockSchema };
    this.blocks.set(name, loaded);
    return loaded;
  }

  /** The settings a merchant would see untouched in the theme editor: the schema's defaults. */
  defaults(schema: BlockSchema): Record<string, unknown> {
    return Object.fromEntries((schema.settings ?? []).filter((s) => s.id).map((s) => [s.id!, s.default ?? (s.type === 'checkbox' ? false : null)]));
  }

  /** Renders one block; its schema assets go into `page`. Shopify globals go in `globals` (snippets see them). */
  async render(
    name: string,
    scope: Record<string, unknown>,
    globals: Record<string, unknown>,
    page: PageAssets,
    settings: Record<string, unknown> = {},
  ): Promise<string> {
    const b = this.block(name);
    if (!b) return '';
    if (b.schema.stylesheet) page.stylesheets.add(b.schema.stylesheet);
    if (b.schema.javascript) page.scripts.add(b.schema.javascript);
    const block = {
      id: `plaudit_${name.replace(/-/g, '_')}`,
      type: `shopify://apps/plaudit/blocks/${name}`,
      settings: { ...this.defaults(b.schema), ...settings },
      shopify_attributes: '',
    };
    return this.engine.parseAndRender(b.source, { ...scope, block }, { globals });
  }

  /** Tags for the head (stylesheets) and the end of the body (deferred scripts). */
  headTags(page: PageAssets): string {
    return [...page.stylesheets].map((f) => `<link rel="stylesheet" href="${this.assetUrl(f)}">`).join('');
  }

  scriptTags(page: PageAssets): string {
    return [...page.scripts].map((f) => `<script src="${this.assetUrl(f)}" defer></script>`).join('');
  }

  assetUrl(file: string): string {
    const a = this.asset(file);
    return `${ASSET_PREFIX}/${encodeURIComponent(path.basename(file))}${a ? `?v=${a.version}` : ''}`;
  }

  asset(file: string): Asset | undefined {
    const name = path.basename(file);
    const full = path.join(this.dir, 'assets', name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      return undefined;
    }
    const cached = this.assets.get(name);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached;
    const body = fs.readFileSync(full);
    const asset = {
      mtimeMs: stat.mtimeMs,
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      version: crypto.createHash('sha1').update(body).digest('hex').slice(0, 10),
      body,
      gzip: zlib.gzipSync(body),
      br: zlib.brotliCompressSync(body),
    };
    this.assets.set(name, asset);
    return asset;
  }

  /** locales/<file> as parsed, re-read when it changes; undefined when there is no such file. */
  private localeFile(file: string): Record<string, unknown> | undefined {
    const full = path.join(this.dir, 'locales', path.basename(file));
    if (!fs.existsSync(full)) return undefined;
    const mtimeMs = fs.statSync(full).mtimeMs;
    const cached = this.strings.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.strings;
    const strings = JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
    this.strings.set(file, { mtimeMs, strings });
    return strings;
  }

  /**
   * A key of the locale's file (`de.json`, `pt-BR.json`), else of its base language's, else of the
   * default locale's (`en.default.json`), as Shopify falls back; {{ name }} placeholders; plural
   * forms by `count` in the language's CLDR categories (one, few, many, other).
   */
  translate(key: string, args: Record<string, unknown>, locale = 'en'): string {
    const files = [`${locale}.json`, `${locale.split('-')[0]}.json`, 'en.default.json'];
    const lookup = (strings: Record<string, unknown> | undefined) =>
      key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), strings);
    const file = files.find((f) => lookup(this.localeFile(f)) !== undefined);
    let value = file ? lookup(this.localeFile(file)) : undefined;
    if (value && typeof value === 'object') {
      const forms = value as Record<string, string>;
      const lang = file === 'en.default.json' ? 'en' : file!.slice(0, -'.json'.length);
      value = forms[new Intl.PluralRules(lang).select(Number(args.count))] ?? forms.other;
    }
    if (typeof value !== 'string') return `translation missing: ${locale}.${key}`;
    return value.replace(/{{\s*(\w+)\s*}}/g, (_, k: string) => String(args[k] ?? ''));
  }
}
