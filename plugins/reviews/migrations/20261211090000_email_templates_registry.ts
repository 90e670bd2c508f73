import type { Knex } from 'knex';

// The reviews plugin's two merchant-editable emails now live in the kernel's template registry
// (namespace 'kernel.email-templates', keyed '<plugin>.<key>'). review-requests' migration
// 20261210090000 copied the old 'email-templates' rows there already, under the registry's ids
// ('reviews.confirmEdit', 'reviews.reviewReply'); this one copies what it did not (a shop whose row
// has no such key), and in both cases drops the fields equal to the old defaults: the old editor
// stored whole templates, the registry stores what the merchant changed, so untouched texts now
// follow the customer's language instead of staying in English.
// The old row goes once its edits are in the registry: when review-requests had copied it (the shop
// had a registry row before this migration) or when it held nothing but this plugin's templates.
// Otherwise it keeps another plugin's edits for that plugin's own migration.
const TEMPLATES = { confirmEdit: 'reviews.confirmEdit', reviewReply: 'reviews.reviewReply' } as const;

// The old editor's defaults (review-requests' shared/templates.ts before issue 11).
const BUTTON = { enabled: true, buttonColor: '#303030', buttonTextColor: '#ffffff', secondaryButton: null, customCss: '' };
const OLD_DEFAULTS: Record<keyof typeof TEMPLATES, Record<string, unknown>> = {
  confirmEdit: {
    ...BUTTON,
    subject: '{{ shop_name }} asks you to update your review',
    content:
      '<h1 style="margin:0;font-size:22px">Would you like to update your review?</h1>\n' +
      '<p style="font-size:15px;line-height:1.5">{{ shop_name }} invites you to edit your review of {{ product_title }}:</p>\n' +
      '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>',
    buttonText: 'Edit my review',
    denyButtonText: 'No, thanks',
  },
  reviewReply: {
    ...BUTTON,
    subject: '{{ shop_name }} replied to your review',
    content:
      '<h1 style="margin:0;font-size:22px">{{ shop_name }} replied to your review</h1>\n' +
      '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>\n' +
      '<p style="font-size:15px;line-height:1.5">{{ reply_content }}</p>',
    buttonText: 'See the review',
  },
};

type Stored = Record<string, Record<string, unknown>>;

const changedOnly = (key: keyof typeof TEMPLATES, template: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(template).filter(([field, v]) => JSON.stringify(v) !== JSON.stringify(OLD_DEFAULTS[key][field])));

export async function up(knex: Knex) {
  const old: { shopId: number; value: Stored | null }[] = await knex('settings').where({ namespace: 'email-templates' }).select('shopId', 'value');
  for (const { shopId, value } of old) {
    const row = await knex('settings').where({ shopId, namespace: 'kernel.email-templates' }).first('value');
    const registry: Stored = { ...(row?.value ?? {}) };
    for (const key of Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]) {
      const template = registry[TEMPLATES[key]] ?? value?.[key];
      const changed = template && typeof template === 'object' ? changedOnly(key, template) : {};
      // a template saved unchanged is no edit (the editor lists it as not customised)
      if (Object.keys(changed).length) registry[TEMPLATES[key]] = changed;
      else delete registry[TEMPLATES[key]];
    }
    await knex('settings')
      .insert({ shopId, namespace: 'kernel.email-templates', value: JSON.stringify(registry) })
      .onConflict(['shop_id', 'namespace'])
      .merge(['value']);
    const othersLeft = Object.keys(value ?? {}).some((k) => !(k in TEMPLATES));
    if (row || !othersLeft) await knex('settings').where({ shopId, namespace: 'email-templates' }).del();
  }
}

// The old rows are not rebuilt: the registry keeps the edits, and the code that read the old rows is gone.
export async function down() {}
