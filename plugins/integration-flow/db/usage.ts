// Which of the shop's triggers an enabled Flow workflow uses, as Flow's lifecycle callbacks report it
// (api/lifecycle.ts). A report older than the one kept is ignored: Flow says newer timestamps win.
import type { Tenant } from '@plaudit/kernel';
import type { TriggerHandle } from '../shared/flow';

export interface TriggerUsage {
  trigger: TriggerHandle;
  hasEnabledFlow: boolean;
  reportedAt: Date;
}

/** Keeps the report unless a newer one for the same trigger is stored; answers whether it was kept. */
export async function recordUsage(tenant: Tenant, report: Omit<TriggerUsage, 'reportedAt'> & { reportedAt: Date }): Promise<boolean> {
  const kept = await tenant
    .insertInto('flow_trigger_usage', { trigger: report.trigger, hasEnabledFlow: report.hasEnabledFlow, reportedAt: report.reportedAt })
    .onConflict(['shop_id', 'trigger'])
    .merge({ hasEnabledFlow: report.hasEnabledFlow, reportedAt: report.reportedAt, updatedAt: new Date() })
    .where('flow_trigger_usage.reported_at', '<=', report.reportedAt)
    .returning('id');
  return kept.length > 0;
}

export async function usageOf(tenant: Tenant): Promise<TriggerUsage[]> {
  return tenant.table('flow_trigger_usage').select('trigger', 'hasEnabledFlow', 'reportedAt');
}

export async function usageOfTrigger(tenant: Tenant, trigger: TriggerHandle): Promise<TriggerUsage | undefined> {
  return tenant.table('flow_trigger_usage').where({ trigger }).first('trigger', 'hasEnabledFlow', 'reportedAt');
}
