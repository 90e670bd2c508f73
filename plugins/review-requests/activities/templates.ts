// The shop's email templates in the kernel settings table (namespace 'email-templates'), one JSON
// object keyed by template type. Reads complete each template with its defaults.
import type { Knex } from 'knex';
import { TEMPLATES_NAMESPACE, withTemplateDefaults, type EmailTemplate, type TemplateType } from '../shared/templates';

export async function storedTemplates(knex: Knex, shopId: number): Promise<Record<string, unknown>> {
  // tenancy: scoped by the given shop id
  const row = await knex('settings').where({ shopId, namespace: TEMPLATES_NAMESPACE }).first('value');
  return (row?.value ?? {}) as Record<string, unknown>;
}

export async function loadTemplates(knex: Knex, shopId: number): Promise<Record<TemplateType, EmailTemplate>> {
  return withTemplateDefaults(await storedTemplates(knex, shopId));
}

export async function loadTemplate(knex: Knex, shopId: number, type: TemplateType): Promise<EmailTemplate> {
  return (await loadTemplates(knex, shopId))[type];
}

/** Replaces one template; the others in the same row stay as they are, even under concurrent saves. */
export async function storeTemplate(knex: Knex, shopId: number, type: TemplateType, template: EmailTemplate): Promise<void> {
  const value = JSON.stringify({ [type]: template });
  // tenancy: the row is keyed by the given shop id
  await knex('settings')
    .insert({ shopId, namespace: TEMPLATES_NAMESPACE, value })
    .onConflict(['shop_id', 'namespace'])
    // tenancy: merges into the same shop's row (the conflict is on shop_id, namespace)
    .merge({ value: knex.raw('settings.value || excluded.value'), updatedAt: knex.fn.now() });
}

/** Back to the defaults: the template's key leaves the row. */
export async function resetTemplate(knex: Knex, shopId: number, type: TemplateType): Promise<void> {
  // tenancy: scoped by the given shop id
  await knex('settings').where({ shopId, namespace: TEMPLATES_NAMESPACE }).update({ value: knex.raw('value - ?', [type]), updatedAt: knex.fn.now() });
}
