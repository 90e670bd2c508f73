// The shops a plugin may know about, read through the kernel: plugins never query `shops`.
// A ShopView carries what features need (domain, names, contact, locale, timezone, plan tier,
// flags); the spec's full Shop record stays the kernel's (api/shops).
import type { Knex } from 'knex';
import { allows, normalisePlan, tierOf, type Tier } from '../plans';
import { ShopPlanChanged, type ShopPlanChangedPayload } from '../../contracts/kernel';
import type { EventBus } from './events';
import { Shop } from '../shops/shop.model';

export interface ShopFlags {
  removeBranding: boolean;
  /** branding removal granted outside the plan (spec: PUT /api/dev_zone) */
  enableRemoveBranding: boolean;
  extendedMode: boolean;
  setupDone: boolean;
  isNewShop: boolean;
  /** the shop licensed the VNM and Bradford fonts (QR card fonts) */
  hasVNMFonts: boolean;
}

export interface ShopView {
  id: number;
  domain: string;
  /** the storefront's own domain when it has one */
  publicDomain: string | null;
  name: string;
  email: string | null;
  /** the shop's primary storefront locale ('en', 'de', ...) */
  locale: string;
  /** the merchant's admin language, else the storefront locale */
  adminLocale: string;
  /** IANA zone, 'UTC' when unknown */
  timezone: string;
  plan: string;
  tier: Tier;
  shopifyPlan: string | null;
  installedAt: Date;
  uninstalled: boolean;
  /** the app is switched on for the storefront (dashboard toggle) */
  appEnabled: boolean;
  /** the shop's yes/no settings of the spec's Shop record (removeBranding, enableRemoveBranding, ...) */
  flags: ShopFlags;
  /** the shop's record as the plan rules read it (allows(shop, feature)) */
  planSubject: { plan: string; shopifyPlan: string | null; email: string | null; installedAt: Date };
}

export class ShopsService {
  constructor(
    private readonly knex: Knex,
    private readonly events?: EventBus,
  ) {}

  /**
   * Puts the shop on `plan` (the billing plugin owns the plan; the kernel stores it) and, when it
   * changed, emits the durable `ShopPlanChanged` in the same transaction. `key` names the cause
   * (a subscription id): the same cause twice makes one event. Answers whether the plan changed.
   */
  async changePlan(shopId: number, plan: string, options: { key: string; trx?: Knex.Transaction }): Promise<boolean> {
    const run = async (trx: Knex.Transaction) => {
      const row = await Shop.query(trx).findById(shopId).forUpdate();
      if (!row) throw new Error(`No shop ${shopId}`);
      const next = normalisePlan(plan);
      if (row.plan === next) return false;
      await Shop.query(trx).findById(shopId).patch({ plan: next });
      const event: ShopPlanChangedPayload = { shopId, shopDomain: row.shopifyDomain, plan: next, previousPlan: row.plan };
      await this.events?.emit(ShopPlanChanged, event, { key: `${shopId}:${options.key}:${next}`, shopDomain: row.shopifyDomain, trx });
      return true;
    };
    return options.trx ? run(options.trx) : this.knex.transaction(run);
  }

  /** The merchant finished onboarding (subscribing during onboarding does, spec section 4). */
  async markSetupDone(shopId: number, trx?: Knex.Transaction): Promise<void> {
    await Shop.query(trx ?? this.knex)
      .findById(shopId)
      .patch({ setupDone: true });
  }

  async get(shopId: number, trx?: Knex.Transaction): Promise<ShopView | undefined> {
    const row = await Shop.query(trx ?? this.knex).findById(shopId);
    return row && view(row);
  }

  /** An installed shop by its myshopify domain (storefront and signed-link callers). */
  async byDomain(domain: string, options: { includeUninstalled?: boolean } = {}): Promise<ShopView | undefined> {
    const row = await Shop.query(this.knex)
      .where({ shopifyDomain: domain })
      .modify((q) => options.includeUninstalled || q.whereNull('uninstalledAt'))
      .first();
    return row && view(row);
  }

  /** Installed shops in id order, a page at a time (schedules that visit every shop). */
  async installed(afterId = 0, limit = 100): Promise<ShopView[]> {
    const rows = await Shop.query(this.knex).whereNull('uninstalledAt').where('id', '>', afterId).orderBy('id').limit(limit);
    return rows.map(view);
  }

  /** Shops by id, installed or not (sweeps over a plugin's own rows); ids of no shop are left out. */
  async many(shopIds: number[]): Promise<ShopView[]> {
    if (shopIds.length === 0) return [];
    const rows = await Shop.query(this.knex).whereRaw('id = any(?::bigint[])', [shopIds]);
    return rows.map(view);
  }

  /** Whether the shop's plan (or its full-access grant) includes a plan feature a plugin declared. */
  allows(shop: ShopView, feature: string): boolean {
    return allows(shop.planSubject, feature);
  }
}

function view(row: Shop): ShopView {
  return {
    id: row.id,
    domain: row.shopifyDomain,
    publicDomain: row.domain ?? null,
    name: row.name || row.shopifyDomain,
    email: row.email ?? null,
    locale: row.primaryLocale || 'en',
    adminLocale: row.adminLocale || row.primaryLocale || 'en',
    timezone: row.ianaTimezone || 'UTC',
    plan: row.plan,
    tier: tierOf(row.plan),
    shopifyPlan: row.shopifyPlan ?? null,
    installedAt: new Date(row.installedAt),
    uninstalled: !!row.uninstalledAt,
    appEnabled: row.appStatus,
    flags: {
      removeBranding: row.isRemoveBranding,
      enableRemoveBranding: row.enableRemoveBranding,
      extendedMode: row.extendedMode,
      setupDone: row.setupDone,
      isNewShop: row.isNewShop,
      hasVNMFonts: !!row.hasVNMFonts,
    },
    planSubject: { plan: row.plan, shopifyPlan: row.shopifyPlan ?? null, email: row.email ?? null, installedAt: new Date(row.installedAt) },
  };
}
