// What the recording scenarios share: the stack, the recorder, and the merchant's and shopper's
// moves as the plugins' own tests make them (install a shop, write a review, place an order, read mail).
import fs from 'node:fs';
import path from 'node:path';
import { listMail, mailDir, type StoredMail } from '../../../api/runtime/smtp-sink';
import { client, storeSettingsRaw, updateShop } from '../../support/api';
import type { Recorder } from '../recorder';
import type { Stack } from '../stack';

export interface Scenario {
  /** the workflow types it records */
  types: string[];
  run(ctx: Context): Promise<void>;
}

export type Http = ReturnType<typeof client>;

export class Context {
  constructor(
    readonly stack: Stack,
    readonly rec: Recorder,
  ) {}

  get temporal() {
    return this.stack.api.runtime.services.temporal.client;
  }

  get taskQueue() {
    return this.stack.api.config.temporal.taskQueue;
  }

  get knex() {
    return this.stack.api.knex;
  }

  /** An installed shop of the store emulator (its products and orders), with the admin's client. */
  async shop(o: { plan?: string; email?: string; fields?: Record<string, unknown>; settings?: Record<string, unknown> } = {}) {
    const installed = await this.stack.installShop();
    const fields = { ...(o.plan ? { plan: o.plan } : {}), ...(o.email ? { email: o.email } : {}), ...o.fields };
    if (Object.keys(fields).length) await updateShop(this.stack.api, installed.shop.id, fields);
    for (const [namespace, value] of Object.entries(o.settings ?? {})) await storeSettingsRaw(this.stack.api, installed.shop.id, namespace, value);
    const product = this.stack.emulator.store.shop(installed.domain)!.products[0];
    return {
      ...installed,
      http: client(this.stack.appUrl, installed.appToken),
      productId: `gid://shopify/Product/${product.id}`,
      productHandle: product.handle,
    };
  }

  /** A shopper's review through the storefront form; its id. */
  async review(domain: string, productId: string, fields: { rating: number; email: string; content?: string; photos?: Buffer[] }): Promise<number> {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      productId,
      rating: String(fields.rating),
      content: fields.content ?? 'Lovely fabric, runs a little large.',
      firstName: 'Sam',
      email: fields.email,
    }))
      form.set(k, v);
    for (const bytes of fields.photos ?? []) form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${this.stack.appUrl}/storefront/reviews?shop=${domain}`, { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`storefront review: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { id: number } }).data.id;
  }

  /** An order in the store emulator (its webhooks reach the API as Shopify's would). */
  async order(domain: string, o: Record<string, unknown> = {}): Promise<{ id: string; name: string; admin_graphql_api_id: string }> {
    return (await this.stack.control('/orders', { shop: domain, country: 'US', ...o })).order;
  }

  mailTo(email: string): StoredMail[] {
    return listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));
  }

  mailOfShop(domain: string): StoredMail[] {
    return listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
  }

  /** A stored message as sent (quoted-printable soft breaks and `=3D` undone): for its links. */
  rawMail(mail: StoredMail): string {
    return fs
      .readFileSync(path.join(mailDir(process.env.DATA_DIR!), mail.file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
  }

  /** A link of a mail on this stack's API (the worker's APP_URL is the same origin; only the path is kept). */
  linkIn(mail: StoredMail, pattern: RegExp): string {
    const found = pattern.exec(this.rawMail(mail));
    if (!found) throw new Error(`no ${pattern} in the mail "${mail.subject}"`);
    return this.stack.appUrl + found[0];
  }

  /** Starts a workflow by its type name, as its schedule or its plugin would. */
  start(type: string, workflowId: string, args: unknown[] = []) {
    return this.temporal.workflow.start(type, { workflowId, taskQueue: this.taskQueue, args });
  }
}

export const uniq = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
export const email = (name: string) => `${uniq(name)}@example.com`;
