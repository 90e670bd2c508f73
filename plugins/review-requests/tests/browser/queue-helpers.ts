// Seeds for the queue screen's browser tests: email queue rows written as the plugin's activities
// write them (the list only reads them), and page helpers for the filter editors and the list calls.
import type { Page, Request } from 'playwright-core';
import type { PlatformStack } from '@plaudit/kernel/testing';

/** A 1x1 png: thumbnails without a network. */
export const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export interface SeedRow {
  order: number;
  status?: string;
  customerName?: string | null;
  customerEmail?: string | null;
  shopifyCustomerId?: string | null;
  products?: { id: string; title: string }[];
  fulfilledDate?: string | null;
  scheduledAt?: string | null;
  sentAt?: string | null;
  createdOrderAt?: string | null;
  htmlContent?: string | null;
  senderApp?: string | null;
  /** issue 32: the channel that carried the request and its receipts' status */
  channel?: 'email' | 'sms' | 'whatsapp';
  deliveryStatus?: string | null;
  channelAttempts?: { channel: string; refusal: string; detail: string }[];
}

/** Inserts one email queue row per seed (order name `#<order>`), oldest first, and answers their ids by order. */
export async function seedQueue(stack: PlatformStack, shopId: number, rows: SeedRow[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  const start = Date.now() - rows.length * 60_000;
  for (const [i, r] of rows.entries()) {
    const lineItems = (r.products ?? [{ id: `gid://shopify/Product/${r.order}`, title: `Item of ${r.order}` }]).map((p) => ({
      productId: p.id,
      productTitle: p.title,
      productImage: PNG,
      productLink: null,
      title: p.title,
      quantity: 1,
    }));
    const [{ id }] = await stack.api
      .knex('email_queue')
      .insert({
        shopId,
        orderId: String(900000 + r.order),
        name: `#${r.order}`,
        status: r.status ?? 'waiting',
        customerName: r.customerName === undefined ? `Buyer ${r.order}` : r.customerName,
        customerEmail: r.customerEmail === undefined ? `buyer${r.order}@example.com` : r.customerEmail,
        shopifyCustomerId: r.shopifyCustomerId === undefined ? String(700000 + r.order) : r.shopifyCustomerId,
        lineItems: JSON.stringify(lineItems),
        fulfilledDate: r.fulfilledDate ?? null,
        scheduledAt: r.scheduledAt ?? null,
        sentAt: r.sentAt ?? null,
        createdOrderAt: r.createdOrderAt ?? null,
        subject: r.htmlContent ? `Review your order #${r.order}` : null,
        htmlContent: r.htmlContent ?? null,
        senderApp: r.senderApp ?? null,
        ...(r.channel ? { channel: r.channel, deliveryStatus: r.deliveryStatus ?? null } : {}),
        ...(r.channelAttempts ? { channelAttempts: JSON.stringify(r.channelAttempts) } : {}),
        workflowId: `seed-${shopId}-${r.order}`,
        createdAt: new Date(start + i * 60_000),
      })
      .returning('id');
    ids.set(r.order, Number(id));
  }
  return ids;
}

export const isListCall = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/email-queue';
export const params = (r: Request) => new URL(r.url()).searchParams;

/** The next list call whose query satisfies `test`, started by `act`. */
export async function listCallAfter(page: Page, act: () => Promise<unknown>, test: (q: URLSearchParams) => boolean = () => true): Promise<URLSearchParams> {
  const call = page.waitForRequest((r) => isListCall(r) && test(params(r)));
  await act();
  return params(await call);
}

/** Opens a filter's editor from the add-filter menu; answers the editor (a form named after the filter). */
export async function openFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  const editor = page.getByRole('form', { name });
  await editor.waitFor();
  return editor;
}

/** A chip of an applied filter, by its text. */
export const chip = (page: Page, text: string | RegExp) => page.getByRole('group', { name: 'Applied filters' }).getByRole('button', { name: text });
