// The general review settings, one JSON document in the kernel's settings table (namespace
// `reviews`), validated by zod on the way in and filled with defaults on the way out.
import type { Tenant } from '../../../api/auth/tenant';
import { ShopScopedModel } from '../../../api/db/base-model';
import { reviewSettings, type ReviewSettings } from '../shared/review';

export const NAMESPACE = 'reviews';

export class ReviewSettingsRow extends ShopScopedModel {
  static tableName = 'settings';
  static jsonAttributes = ['value'];
  namespace!: string;
  value!: Record<string, unknown>;
}

export function withDefaults(value: unknown): ReviewSettings {
  const parsed = reviewSettings.safeParse(value ?? {});
  return parsed.success ? parsed.data : reviewSettings.parse({});
}

export async function readSettings(tenant: Tenant): Promise<ReviewSettings> {
  const row = await tenant.query(ReviewSettingsRow).findOne({ namespace: NAMESPACE });
  return withDefaults(row?.value);
}

export async function saveSettings(tenant: Tenant, input: unknown): Promise<ReviewSettings> {
  const current = await readSettings(tenant);
  const next = reviewSettings.parse({ ...current, ...(input as object) });
  await tenant
    .query(ReviewSettingsRow)
    .insert({ shopId: tenant.shopId, namespace: NAMESPACE, value: next } as never)
    .onConflict(['shop_id', 'namespace'])
    .merge(['value', 'updated_at']);
  return next;
}
