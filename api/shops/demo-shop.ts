import type { Knex } from 'knex';

export const DEMO_SHOP = 'plaudit-demo.myshopify.com';

/** On embedded defaults the store emulator's demo shop exists from the first start. */
export async function ensureDemoShop(knex: Knex) {
  await knex('shops')
    .insert({
      shopifyDomain: DEMO_SHOP,
      domain: 'plaudit-demo.example',
      name: 'Plaudit Demo',
      email: 'owner@plaudit-demo.example',
      firstName: 'Demo',
      plan: 'free',
      shopifyPlan: 'basic',
      ianaTimezone: 'America/New_York',
      timezone: '(GMT-05:00) Eastern Time (US & Canada)',
      primaryLocale: 'en',
    })
    .onConflict('shopify_domain')
    .ignore();
}
