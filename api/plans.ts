// Plan tiers (spec section 6): which plan has which tier, and which tier a declared feature needs.
import createHttpError from 'http-errors';
import type { Middleware } from 'koa';
import type { AppState } from './http/types';
import { Shop } from './shops/shop.model';

export const PLANS = ['free', 'pro', 'pro_2', 'pro_24', 'advanced', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export type Tier = 'free' | 'base' | 'second' | 'third';

const TIER_ORDER: Tier[] = ['free', 'base', 'second', 'third'];

/** A plan feature's name, as a plugin's manifest declares it ('reply', 'qrCode'). */
export type Feature = string;

// Features by the lowest tier that has them, learnt from the plugins' manifests at start-up: the
// kernel names none of them.
const featureTiers = new Map<Feature, { tier: Tier; plugin: string }>();

export function registerFeatures(plugin: string, features: Record<Feature, Tier>) {
  for (const [feature, tier] of Object.entries(features)) {
    const other = featureTiers.get(feature);
    if (other && other.plugin !== plugin) throw new Error(`Plan feature "${feature}" is declared by both plugin "${other.plugin}" and plugin "${plugin}"`);
    featureTiers.set(feature, { tier, plugin });
  }
}

/** Every declared feature with its tier and owner (the plan comparison is built from it). */
export function declaredFeatures(): { feature: Feature; tier: Tier; plugin: string }[] {
  return [...featureTiers].map(([feature, v]) => ({ feature, ...v }));
}

export const SPECIAL_SHOPIFY_PLANS = ['partner_test', 'affiliate', 'staff', 'trial'];
export const FULL_ACCESS_INSTALLED_AFTER = new Date('2025-05-09T23:59:59Z');

/** Unrecognised plans count as pro_24. */
export function normalisePlan(plan: string | null | undefined): Plan {
  return (PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : 'pro_24';
}

export function tierOf(plan: string | null | undefined): Tier {
  const p = normalisePlan(plan);
  if (p === 'free') return 'free';
  if (p === 'advanced') return 'second';
  if (p === 'enterprise') return 'third';
  return 'base';
}

export function requiredTier(feature: Feature): Tier {
  const declared = featureTiers.get(feature);
  if (!declared) throw new Error(`Plan feature "${feature}" is not declared by any installed plugin`);
  return declared.tier;
}

export interface PlanSubject {
  plan: string;
  shopifyPlan?: string | null;
  email?: string | null;
  installedAt?: Date | string | null;
}

/** Partner, staff and trial stores, and staff emails on the internal domains. */
export function isSpecialShop(shop: PlanSubject, internalDomains: string[] = []): boolean {
  if (SPECIAL_SHOPIFY_PLANS.includes(shop.shopifyPlan ?? '')) return true;
  const domain = shop.email?.split('@')[1]?.toLowerCase();
  return !!domain && internalDomains.includes(domain);
}

export function hasFullAccess(shop: PlanSubject): boolean {
  return !!shop.installedAt && new Date(shop.installedAt) > FULL_ACCESS_INSTALLED_AFTER;
}

export function allows(shop: PlanSubject, feature: Feature): boolean {
  if (hasFullAccess(shop)) return true;
  return TIER_ORDER.indexOf(tierOf(shop.plan)) >= TIER_ORDER.indexOf(requiredTier(feature));
}

/** Route guard a plugin puts on an action: 403 with a machine-readable code and the tier needed. */
export function requireFeature(feature: Feature): Middleware<AppState> {
  return async (ctx, next) => {
    // The shop row itself, by the verified auth context's id.
    const shop = await Shop.query().findById(ctx.state.auth.shopId);
    if (!shop || !allows(shop, feature)) {
      const tier = requiredTier(feature);
      throw createHttpError(403, `This feature needs the ${tier} tier`, { code: 'PLAN_TIER_TOO_LOW', tier, feature });
    }
    return next();
  };
}
