// POST /api/imports/groups { csv } (API.md): a product group CSV (`group,productId`, as the export
// writes it: export/groups.ts) made into the shop's manual groups through ProductGroups. The file is
// small (200 groups of 50 products at most), so it comes as text in the JSON body (1 MB) and is written
// at once, not by a workflow run. Answers what was created and updated and each refusal.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { z } from 'zod';
import type { ApiServices, AppState } from '@plaudit/kernel';
import { ProductGroups } from '@plaudit/contracts/product-groups';
import { readGroupsCsv } from '../export/groups';

const body = z.object({ csv: z.string({ error: 'This field is required' }).min(1, 'This field is required') }).strict();

export function groupImportRoutes(services: ApiServices, router: Router<AppState>) {
  router.post('/groups', async (ctx) => {
    const groups = services.capabilities.get(ProductGroups);
    if (!groups) throw createHttpError(503, 'Product groups are not installed on this server', { code: 'CAPABILITY_MISSING' });
    const read = readGroupsCsv(body.parse(ctx.request.body ?? {}).csv);
    if ('error' in read) throw createHttpError(400, 'Validation failed', { errors: { csv: read.error } });
    ctx.body = { success: true, data: await groups.importGroups(ctx.state.tenant, read.groups) };
  });
}
