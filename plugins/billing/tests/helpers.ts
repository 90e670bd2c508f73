// Shared steps of the billing tests: a Free shop installed on the store emulator (installed before
// 9 May 2025, so its plan decides), and the merchant's clicks on Shopify's confirmation page.
import crypto from 'node:crypto';
import { ShopPlanChanged } from '@plaudit/contracts/kernel';
import { client, EMULATOR_API_SECRET, updateShop, type startPlatformStack } from '@plaudit/kernel/testing';

export type Stack = Awaited<ReturnType<typeof startPlatformStack>>;

export async function freeShop(stack: Stack) {
  const installed = await stack.installShop();
  await updateShop(stack.api, installed.shop.id, { plan: 'free', installedAt: new Date('2025-01-01'), setupDone: true });
  return { ...installed, http: client(stack.appUrl, installed.appToken) };
}

export const planOf = async (stack: Stack, shopId: number) => (await stack.api.runtime.services.shops.get(shopId))!.plan;

/** Approve or decline on the emulator's confirmation page: answers where Shopify sends the merchant (our return URL). */
export async function decide(confirmationUrl: string, decision: 'approve' | 'decline'): Promise<string> {
  const res = await fetch(confirmationUrl, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  if (res.status !== 302) throw new Error(`confirmation page answered ${res.status}: ${await res.text()}`);
  return res.headers.get('location')!;
}

/** Follows the return URL into the app: answers where the app sends the merchant next. */
export async function returnFrom(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`billing return answered ${res.status}: ${await res.text()}`);
  return res.headers.get('location')!;
}

/** The confirmation page's text (price, trial, discount). */
export const confirmationPage = async (confirmationUrl: string) => (await fetch(confirmationUrl)).text();

/** Delivers a webhook to the app as Shopify does (signed), with a fresh webhook id. */
export async function deliverWebhook(stack: Stack, shop: string, topic: string, body: string) {
  const hmac = crypto.createHmac('sha256', EMULATOR_API_SECRET).update(body, 'utf8').digest('base64');
  const res = await fetch(`${stack.appUrl}/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': hmac,
      'x-shopify-shop-domain': shop,
      'x-shopify-api-version': '2025-10',
      'x-shopify-webhook-id': crypto.randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  });
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
}

/** How many ShopPlanChanged events the shop's plan changes made (their deliverEvent workflows). */
export async function planChangedEvents(stack: Stack, domain: string): Promise<number> {
  let n = 0;
  const query = `WorkflowType = "deliverEvent" AND ShopDomain = ${JSON.stringify(domain)}`;
  for await (const wf of stack.api.runtime.services.temporal.client.workflow.list({ query }))
    if (wf.workflowId.startsWith(`event:${ShopPlanChanged.name}:`)) n++;
  return n;
}
