// Shared by the questions tests: a stack with the store emulator, shops with products, asking
// through the emulator's app proxy (signed as Shopify signs it) or a proxy request signed here
// (to choose the shopper's address), and the mail sink.
import fs from 'node:fs';
import path from 'node:path';
import { appProxySignature } from '@plaudit/kernel';
import { client, EMULATOR_API_SECRET, listMail, mailDir, startPlatformStack } from '@plaudit/kernel/testing';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>>;

export async function shopWithProducts(stack: Stack) {
  const installed = await stack.installShop();
  const page = await stack.api.runtime.services.platform!.adminApi(installed.domain).products({ first: 10 });
  return { ...installed, http: client(stack.appUrl, installed.appToken), products: page.nodes as { id: string; title: string; handle: string }[] };
}

export type Shop = Awaited<ReturnType<typeof shopWithProducts>>;

/** Through the store emulator's storefront: /apps/plaudit/<path> on the shop's domain. */
export function viaStorefront(stack: Stack, domain: string, path: string, init: RequestInit = {}) {
  return fetch(`${stack.emulator.url}/shops/${domain}/apps/plaudit/${path}`, init);
}

/** A proxy request signed here, from shopper address `ip`. */
export function signedProxy(stack: Stack, domain: string, path: string, init: RequestInit & { ip?: string; query?: Record<string, string> } = {}) {
  const params: Record<string, string> = {
    ...(init.query ?? {}),
    shop: domain,
    logged_in_customer_id: '',
    path_prefix: '/apps/plaudit',
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const qs = new URLSearchParams({ ...params, signature: appProxySignature(params, EMULATOR_API_SECRET) });
  return fetch(`${stack.appUrl}/storefront/proxy/${path}?${qs}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': init.ip ?? '203.0.113.9' },
  });
}

export const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

let n = 0;
/** A shopper's question about `productId` (a new email each time, so per-email limits stay apart). */
export const question = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  name: 'Quinn Asker',
  email: `quinn-${Date.now()}-${n++}@example.com`,
  question: 'Is the mug safe in the dishwasher?',
  ...extra,
});

export const mailTo = (email: string) => listMail(process.env.DATA_DIR!).filter((m) => m.envelopeTo.includes(email));
export const mailOfShop = (domain: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);

/** The decoded HTML of a message the SMTP sink stored (quoted-printable undone). */
export function mailHtml(file: string): string {
  const raw = fs.readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'latin1').replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}
