// Tokens a shop's language model reported, per month in the shop's timezone: the monthly budget is
// held to these (a draft past the budget is written offline). Added in one statement, so drafts
// at once all count.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const USAGE = 'insight_model_usage';

export interface MonthUsage {
  month: string;
  inputTokens: number;
  outputTokens: number;
  calls: number;
}

export async function monthUsage(tenant: Tenant, month: string): Promise<MonthUsage> {
  const row = await tenant.table(USAGE).where({ month }).first('inputTokens', 'outputTokens', 'calls');
  return { month, inputTokens: row?.inputTokens ?? 0, outputTokens: row?.outputTokens ?? 0, calls: row?.calls ?? 0 };
}

export async function addUsage(knex: Knex, tenant: Tenant, month: string, inputTokens: number, outputTokens: number): Promise<void> {
  // tenancy: an insert of this shop's row; the raw fragments add to the row of the same key (shop_id, month)
  await tenant
    .insertInto(USAGE, { month, inputTokens, outputTokens, calls: 1 })
    .onConflict(['shop_id', 'month'])
    .merge({
      inputTokens: knex.raw('insight_model_usage.input_tokens + excluded.input_tokens'),
      outputTokens: knex.raw('insight_model_usage.output_tokens + excluded.output_tokens'),
      calls: knex.raw('insight_model_usage.calls + 1'),
    });
}
