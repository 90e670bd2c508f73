// The product groups both ways (issue 33, EXPORT.md "Product groups"): a CSV of `group,productId`, one
// row per product of a group, in the product-groups plugin's order (ProductGroups). A file in that shape
// imports back as manual groups (importGroupsCsv, POST /api/imports/groups): a rule group's rows
// export its products of the moment, so the file is the whole picture, but its name cannot be imported over.
import type { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { restoreFormula, type Tenant } from '@plaudit/kernel';
import type { ProductGroupsApi, ProductGroupView } from '@plaudit/contracts/product-groups';
import type { Layout } from './columns';
import { writeCsv } from './csv';
import { CONTENT_TYPES, type OpenedExport } from './index';

export const GROUP_COLUMNS = ['group', 'productId'] as const;

type GroupLine = { group: string; productId: string };
const groupsLayout: Layout<GroupLine> = { headers: GROUP_COLUMNS, row: (l) => [l.group, l.productId] };

const linesOf = (groups: ProductGroupView[]): GroupLine[] => groups.flatMap((g) => g.productIds.map((productId) => ({ group: g.name, productId })));

/** At most 200 groups of 50 products: read whole before the first byte (a failure can still be answered). */
export async function openGroupsExport(groups: ProductGroupsApi, tenant: Tenant): Promise<OpenedExport> {
  const lines = linesOf(await groups.list(tenant));
  async function* batches() {
    yield lines;
  }
  return { contentType: CONTENT_TYPES.csv, write: (out: Writable) => writeCsv(groupsLayout, batches(), out) };
}

/** Rows of a group CSV by group name, in the file's order; a message when the file is not one. */
export function readGroupsCsv(text: string): { groups: { name: string; productIds: string[] }[] } | { error: string } {
  let records: Record<string, string>[];
  try {
    records = parse(text, { bom: true, columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, trim: true });
  } catch {
    return { error: 'The file is not a CSV' };
  }
  if (!records.length || !GROUP_COLUMNS.every((c) => c in records[0])) return { error: `The file needs the columns ${GROUP_COLUMNS.join(', ')}` };
  const byName = new Map<string, string[]>();
  for (const r of records) {
    // a name our export quoted against formula injection ('=...) reads back as it was
    const name = restoreFormula(r.group ?? '');
    byName.set(name, [...(byName.get(name) ?? []), r.productId ?? '']);
  }
  return { groups: [...byName].map(([name, productIds]) => ({ name, productIds })) };
}
