// The imports tables (migrations/): a run's row with its live counts, and its error report.
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';
import type { Mapping, RowError } from '../shared/row';

export type ImportStatus = 'uploaded' | 'running' | 'completed' | 'failed';
export type RunSource = 'file' | 'aliexpress' | 'amazon';

export interface ImportRow {
  id: number;
  shopId: number;
  source: RunSource;
  fileName: string;
  storedFile: string | null;
  kind: 'csv' | 'xlsx' | null;
  format: string | null;
  headers: string[] | null;
  mapping: Mapping | null;
  options: Record<string, unknown> | null;
  status: ImportStatus;
  total: number | null;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  photosFailed: number;
  runLimit: number | null;
  limited: boolean;
  resumeLine: number;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
}

/** At most this many error lines are kept per run: enough to fix a file, bounded for a broken one. */
export const MAX_ERROR_LINES = 10_000;

export const imports = (tenant: Tenant) => tenant.table('imports');

export async function importById(tenant: Tenant, id: number): Promise<ImportRow | undefined> {
  return imports(tenant).where({ id }).first();
}

export async function recentImports(tenant: Tenant, limit: number): Promise<ImportRow[]> {
  return imports(tenant).orderBy('id', 'desc').limit(limit);
}

export async function createImport(tenant: Tenant, row: Partial<ImportRow>): Promise<ImportRow> {
  const [created] = await tenant
    .insertInto('imports', {
      ...row,
      headers: row.headers && JSON.stringify(row.headers),
      mapping: row.mapping && JSON.stringify(row.mapping),
      options: row.options && JSON.stringify(row.options),
    })
    .returning('*');
  return created;
}

export async function updateImport(tenant: Tenant, id: number, patch: Partial<ImportRow>) {
  const json = (k: 'mapping' | 'options' | 'headers') => (patch[k] === undefined ? {} : { [k]: JSON.stringify(patch[k]) });
  await imports(tenant)
    .where({ id })
    .update({ ...patch, ...json('mapping'), ...json('options'), ...json('headers'), updatedAt: new Date() });
}

/** Adds a batch's counts to the run (one statement: the banner never sees half a batch). */
export async function addProgress(
  knex: Knex,
  tenant: Tenant,
  id: number,
  d: { processed: number; imported: number; skipped: number; failed: number; photosFailed: number; resumeLine: number; limited?: boolean },
) {
  // tenancy: an expression on the tenant's own import row (the update below is scoped)
  const inc = (col: string, n: number) => knex.raw('?? + ?', [col, n]);
  await imports(tenant)
    .where({ id })
    .update({
      processed: inc('processed', d.processed),
      imported: inc('imported', d.imported),
      skipped: inc('skipped', d.skipped),
      failed: inc('failed', d.failed),
      photos_failed: inc('photos_failed', d.photosFailed),
      resumeLine: d.resumeLine,
      ...(d.limited ? { limited: true } : {}),
      updatedAt: new Date(),
    });
}

export async function addErrors(tenant: Tenant, importId: number, errors: RowError[]) {
  if (!errors.length) return;
  const [{ count }] = await tenant.table('import_errors').where({ importId }).count({ count: '*' });
  const room = MAX_ERROR_LINES - Number(count);
  if (room <= 0) return;
  await tenant.insertInto(
    'import_errors',
    errors.slice(0, room).map((e) => ({ importId, line: e.line, column: e.column.slice(0, 255), reason: e.reason })),
  );
}

export async function* errorLines(tenant: Tenant, importId: number): AsyncGenerator<RowError[]> {
  let after = 0;
  for (;;) {
    const rows: (RowError & { id: number })[] = await tenant
      .table('import_errors')
      .where({ importId })
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .select('id', 'line', 'column', 'reason');
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** Errors of rows at or after `line` (a resumed batch writes them again). */
export async function clearErrorsFrom(tenant: Tenant, importId: number, line: number) {
  await tenant.table('import_errors').where({ importId }).where('line', '>=', line).delete();
}

/**
 * The star ratings asked for per marketplace, across the runs that imported reviews (ImportHistory,
 * contracts/imports.ts). A run without a star filter asked for every rating.
 */
export async function marketplaceFilters(tenant: Tenant): Promise<{ source: string; stars: number[]; imported: number }[]> {
  const runs: Pick<ImportRow, 'source' | 'options' | 'imported'>[] = await imports(tenant)
    .whereNot({ source: 'file' })
    .where('imported', '>', 0)
    .select('source', 'options', 'imported');
  const bySource = new Map<string, { stars: Set<number>; imported: number }>();
  for (const run of runs) {
    const entry = bySource.get(run.source) ?? { stars: new Set<number>(), imported: 0 };
    const asked = Array.isArray(run.options?.stars) ? (run.options.stars as unknown[]).filter((s): s is number => Number.isInteger(s)) : [];
    for (const s of asked.length ? asked : [1, 2, 3, 4, 5]) if (s >= 1 && s <= 5) entry.stars.add(s);
    entry.imported += run.imported;
    bySource.set(run.source, entry);
  }
  return [...bySource].map(([source, e]) => ({ source, stars: [...e.stars].sort((a, b) => a - b), imported: e.imported }));
}
