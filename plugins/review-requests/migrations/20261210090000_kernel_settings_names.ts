import type { Knex } from 'knex';

// Settings moved to kernel namespaces (issue 11): the web-push integration is 'review-requests.push'
// (was 'integration:web-push'); the request settings keep 'review-requests'. The merchant's email
// template edits move to the kernel's template registry, 'kernel.email-templates', keyed
// '<plugin>.<template>': reviewReminder and photoReminder are review-requests', confirmEdit and
// reviewReply the reviews plugin's. The discount templates had no sender and are not carried over.
// The old 'email-templates' row stays until the reviews plugin reads its templates from the registry
// (its own migration removes it then).
const TEMPLATE_OWNERS: Record<string, string> = {
  reviewReminder: 'review-requests.reviewReminder',
  photoReminder: 'review-requests.photoReminder',
  confirmEdit: 'reviews.confirmEdit',
  reviewReply: 'reviews.reviewReply',
};

export async function up(knex: Knex) {
  await knex('settings').where({ namespace: 'integration:web-push' }).update({ namespace: 'review-requests.push' });
  const rows = await knex('settings').where({ namespace: 'email-templates' }).select('shopId', 'value');
  for (const row of rows) {
    const value = Object.fromEntries(Object.entries(row.value ?? {}).flatMap(([k, v]) => (TEMPLATE_OWNERS[k] ? [[TEMPLATE_OWNERS[k], v]] : [])));
    await knex('settings')
      .insert({ shopId: row.shopId, namespace: 'kernel.email-templates', value: JSON.stringify(value) })
      .onConflict(['shop_id', 'namespace'])
      .merge(['value']);
  }
}

export async function down(knex: Knex) {
  await knex('settings').where({ namespace: 'review-requests.push' }).update({ namespace: 'integration:web-push' });
  await knex('settings').where({ namespace: 'kernel.email-templates' }).del();
}
