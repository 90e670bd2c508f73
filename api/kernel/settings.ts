// Typed, versioned settings per plugin: one row per (shop, namespace) in the kernel `settings`
// table. A plugin declares each of its settings once, with its zod schema and defaults:
//   const requestSettings = settings.namespace('review-requests', schema, defaults)
// and reads/writes through it; nobody else touches the rows. Every write is checked against the
// schema, which must describe the value (z.any(), z.unknown() and z.custom() are refused), the
// kernel's own namespaces ('kernel.mail', 'kernel.email-templates') included. Stored values are
// merged over the defaults on read (new fields appear with their default), and an `upgrade` step
// rewrites values written by an older version of the schema.
import type { Knex } from 'knex';
import type { z } from 'zod';
import { PLUGIN_ID } from '../plugins/discover';

export interface SettingsChange {
  shopId: number;
  namespace: string;
}

export interface NamespaceOptions<T> {
  /** a second part for plugins with several settings objects: 'review-requests.templates' */
  key?: string;
  /** the schema's version; a stored value of an older one is passed to `upgrade` first */
  version?: number;
  upgrade?: (stored: Record<string, unknown>, fromVersion: number) => Partial<T>;
}

export interface SettingsNamespace<T extends object> {
  readonly name: string;
  /** the shop's value: stored fields over the defaults */
  get(shopId: number, trx?: Knex.Transaction): Promise<T>;
  /** validates the merged value with the schema (a ZodError is a 400 at the API), stores and announces it */
  update(shopId: number, patch: Partial<T> | ((current: T) => T), trx?: Knex.Transaction): Promise<T>;
  /** forgets the shop's value: reads answer the defaults again */
  reset(shopId: number, trx?: Knex.Transaction): Promise<void>;
}

type Listener = (change: SettingsChange) => void;

const VERSION_FIELD = '__version';
/** Schemas that check nothing: a namespace's schema must describe its value. */
const UNCHECKED = new Set(['any', 'unknown', 'custom']);

export class SettingsStore {
  private readonly listeners: Listener[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly knex: Knex) {}

  namespace<S extends z.ZodType<object>>(
    plugin: string,
    schema: S,
    defaults: z.output<S>,
    options: NamespaceOptions<z.output<S>> = {},
  ): SettingsNamespace<z.output<S>> {
    type T = z.output<S>;
    if (!PLUGIN_ID.test(plugin)) throw new Error(`Settings namespace owner "${plugin}" is not a plugin id`);
    const name = options.key ? `${plugin}.${options.key}` : plugin;
    const kind = schema._zod.def.type;
    if (UNCHECKED.has(kind)) throw new Error(`Settings namespace "${name}" needs a schema that describes its value, not z.${kind}()`);
    this.names.add(name);
    const version = options.version ?? 1;
    const db = (trx?: Knex.Transaction) => trx ?? this.knex;
    const read = async (shopId: number, trx?: Knex.Transaction): Promise<T> => {
      const row = await db(trx)('settings').where({ shopId, namespace: name }).first('value');
      const stored: Record<string, unknown> = { ...(row?.value ?? {}) };
      const from = Number(stored[VERSION_FIELD] ?? 1);
      delete stored[VERSION_FIELD];
      const current = from < version && options.upgrade ? options.upgrade(stored, from) : stored;
      return { ...defaults, ...current } as T;
    };
    return {
      name,
      get: read,
      update: async (shopId, patch, trx) => {
        const current = await read(shopId, trx);
        const next = schema.parse(typeof patch === 'function' ? patch(current) : { ...current, ...patch }) as T;
        await db(trx)('settings')
          .insert({ shopId, namespace: name, value: JSON.stringify({ ...next, [VERSION_FIELD]: version }) })
          .onConflict(['shop_id', 'namespace'])
          .merge(['value', 'updatedAt']);
        this.announce({ shopId, namespace: name }, trx);
        return next;
      },
      reset: async (shopId, trx) => {
        await db(trx)('settings').where({ shopId, namespace: name }).del();
        this.announce({ shopId, namespace: name }, trx);
      },
    };
  }

  /** Called after any change of any namespace in this process (caches drop what they keep). */
  onChange(listener: Listener) {
    this.listeners.push(listener);
  }

  /** The namespaces declared in this process. */
  declared(): string[] {
    return [...this.names].sort();
  }

  private announce(change: SettingsChange, trx?: Knex.Transaction) {
    const tell = () => this.listeners.forEach((l) => l(change));
    if (trx) void trx.executionPromise.then(tell, () => undefined);
    else tell();
  }
}
