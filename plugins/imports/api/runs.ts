// An import run as the admin sees it (API.md `ImportRun`), and starting its workflow durably.
import type { KernelServices, Tenant } from '@plaudit/kernel';
import type { ImportRow } from '../db/imports';
import { importWorkflowId, type ImportInput } from '../workflows/messages';
import { ImportReviews } from '../shared/workflows';

/** Reviews one run may create: the free plan a sample, paid plans up to 10,000 (spec section 9). */
export const FREE_RUN_LIMIT = 20;
export const PAID_RUN_LIMIT = 10_000;

export function runView(r: ImportRow) {
  return {
    id: Number(r.id),
    fileName: r.fileName,
    source: r.source,
    format: r.format,
    status: r.status,
    total: r.total,
    processed: r.processed,
    imported: r.imported,
    skipped: r.skipped,
    failed: r.failed,
    photosFailed: r.photosFailed,
    limit: r.runLimit,
    limited: r.limited,
    error: r.error,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

export async function runLimitFor(services: KernelServices, shopId: number): Promise<number> {
  const shop = await services.shops.get(shopId);
  return shop && services.shops.allows(shop, 'importUnlimited') ? PAID_RUN_LIMIT : FREE_RUN_LIMIT;
}

/** Starts the run's workflow through the outbox: recorded now, handed to Temporal when it can take it. */
export async function startRun(services: KernelServices, tenant: Tenant, run: ImportRow) {
  const input: ImportInput = { shopId: tenant.shopId, shopDomain: tenant.shopDomain, importId: Number(run.id) };
  await services.outbox.start(ImportReviews, {
    workflowId: importWorkflowId(tenant.shopDomain, input.importId),
    args: [input],
    shopDomain: tenant.shopDomain,
    summary: `Import ${run.id} of ${run.fileName} for ${tenant.shopDomain}`,
  });
}
