// A shop with analytics worth looking at, made the way a real one gets it: reviews imported through
// the reviews plugin's capability; orders placed and fulfilled in the store emulator, whose review
// requests are sent (send anyway), opened (the pixel), clicked (the redirect) and answered on the
// write page, one with a photo; an order whose landing page carries a request link's UTM; shoppers'
// questions asked on a product page (the app proxy), two of them answered by the merchant.
import fs from 'node:fs';
import path from 'node:path';
import type { Tenant } from '@plaudit/kernel';
import { ReviewWrite } from '@plaudit/contracts/reviews';
import { client, eventually, listMail, mailDir, productPng, type PlatformStack } from '@plaudit/kernel/testing';
import { analyticsSources } from '../../activities/sources';

export const PRODUCTS = [
  { id: 'gid://shopify/Product/9100001', title: 'Ceramic Coffee Mug', ratings: [5, 5, 4, 5, 5, 4] },
  { id: 'gid://shopify/Product/9100002', title: 'Linen Tote Bag', ratings: [4, 3, 4, 5, 3] },
  { id: 'gid://shopify/Product/9100003', title: 'Wool Socks', ratings: [2, 1, 3, 2, 1] },
  { id: 'gid://shopify/Product/9100004', title: 'Cashmere Scarf', ratings: [5, 4, 4] },
  { id: 'gid://shopify/Product/9100005', title: 'Soy Candle', ratings: [4, 4, 3] },
  { id: 'gid://shopify/Product/9100006', title: 'Cotton Blanket', ratings: [3, 3, 4] },
  { id: 'gid://shopify/Product/9100007', title: 'Canvas Apron', ratings: [2, 3, 2] },
];
/** imported reviews (marketplace ones too), spread over the last four weeks */
export const IMPORTED = PRODUCTS.reduce((n, p) => n + p.ratings.length, 0);
/** reviews of the 30 days before those, for the change against the previous period */
export const EARLIER = 4;
export const REQUESTS = 4;
export const QUESTIONS = { asked: 3, answered: 2 };

const DAY = 86_400_000;
const rawMail = (file: string) =>
  fs
    .readFileSync(path.join(mailDir(process.env.DATA_DIR!), file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

async function importReviews(stack: PlatformStack, tenant: Tenant) {
  const importer = stack.api.runtime.services.capabilities.require(ReviewWrite);
  let i = 0;
  const rows = PRODUCTS.flatMap((p) =>
    p.ratings.map((rating) => ({
      productId: p.id,
      productTitle: p.title,
      rating,
      content: `About the ${p.title}`,
      firstName: 'Ann',
      source: i % 4 === 3 ? 'amazon' : 'imported',
      status: 'published' as const,
      createdAt: new Date(Date.now() - (2 + ((i++ * 5) % 26)) * DAY),
    })),
  );
  const earlier = Array.from({ length: EARLIER }, (_, j) => ({
    productId: 'gid://shopify/Product/9100009',
    productTitle: 'Brass Lamp',
    rating: 4,
    content: 'Warm light',
    firstName: 'Lea',
    source: 'imported',
    status: 'published' as const,
    createdAt: new Date(Date.now() - (35 + 5 * j) * DAY),
  }));
  await importer.importReviews(tenant, [...rows, ...earlier]);
}

/** The click redirect's answer: where a request link leads. */
async function follow(stack: PlatformStack, link: string) {
  const res = await fetch(stack.appUrl + pathOf(link), { redirect: 'manual' });
  return res.headers.get('location') ?? '';
}

async function writeReview(stack: PlatformStack, writePage: string, rating: number, photo: boolean) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ rating: String(rating), content: 'Arrived quickly and looks great.', firstName: 'Mia', lastName: 'Ross' }))
    form.append(k, v);
  if (photo) form.append('photos', new Blob([new Uint8Array(productPng('#3a7bc0', 64))], { type: 'image/png' }), 'photo.png');
  const res = await fetch(stack.appUrl + pathOf(writePage), { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`write page answered ${res.status}`);
}

/** Requests sent, 3 opened, 2 clicked and reviewed (1 with a photo), 1 attributed order. */
async function requestFunnel(stack: PlatformStack, domain: string, token: string) {
  const http = client(stack.appUrl, token);
  // the merchant adds a button to the shop: a storefront link, which request emails tag with UTM
  const button = await http.put('/api/email-templates/review-reminder', {
    secondaryButton: { text: 'Visit the shop', url: `https://${domain}/collections/all` },
  });
  if (button.status !== 200) throw new Error(`template answered ${button.status} ${JSON.stringify(button.body)}`);
  for (let i = 0; i < REQUESTS; i++) await stack.control('/orders', { shop: domain, fulfill: true });
  // each order's webhook, its processing workflow and its request's workflow go through the run's one
  // Temporal dev server: on a loaded CI machine (the topology and mail-crash files beside) this took
  // over 45 s once; a timeout says what the queue held
  let seen: string[] = [];
  const waiting = await eventually(async () => {
    const rows = (await http.get('/api/email-queue?limitPerPage=50')).body.data as { id: number; queueType: string; status: string }[] | undefined;
    seen = rows?.map((r) => `${r.queueType}:${r.status}`) ?? [];
    const emails = rows?.filter((r) => r.queueType === 'email' && r.status.startsWith('waiting'));
    return emails?.length === REQUESTS ? emails : undefined;
  }, 150_000).catch((err: Error) => {
    throw new Error(`${err.message}; the queue held ${JSON.stringify(seen)}`);
  });
  const sent = await http.post('/api/email-queue/bulk-send-anyway', { ids: waiting.map((r) => r.id) });
  if (sent.status !== 200) throw new Error(`send anyway answered ${sent.status}`);
  const mails = await eventually(async () => {
    const found = listMail(process.env.DATA_DIR!).filter((m) => m.shop === domain);
    return found.length >= REQUESTS ? found.slice(0, REQUESTS).map((m) => rawMail(m.file)) : undefined;
  }, 150_000);

  let landing = '';
  for (const [i, raw] of mails.entries()) {
    if (i === 3) continue;
    await fetch(stack.appUrl + /\/r\/open\/[^"\s]+\.gif/.exec(raw)![0]);
    if (i === 2) continue;
    const targets = await Promise.all([...new Set(raw.match(/\/r\/click\/[\w-]+\.[\w-]+/g))].map((link) => follow(stack, link)));
    await writeReview(stack, targets.find((t) => t.includes('/r/write/'))!, 5 - i, i === 0);
    landing ||= targets.map(pathOf).find((t) => t.includes('utm_content=')) ?? '';
  }
  if (!landing) throw new Error('no request link carries the UTM parameters');
  await stack.control('/orders', { shop: domain, landingSite: landing });
}

/** Asked through the store emulator's storefront (the product checked against its Admin API), answered in the admin. */
async function questions(stack: PlatformStack, domain: string, token: string) {
  const http = client(stack.appUrl, token);
  const [product] = (await stack.api.runtime.services.platform!.adminApi(domain).products({ first: 1 })).nodes as { id: string }[];
  const ids: number[] = [];
  for (let i = 0; i < QUESTIONS.asked; i++) {
    const asked = { productId: product.id, name: 'Quinn Asker', email: `quinn-${i}@example.com`, question: `Is it safe in the dishwasher? (${i + 1})` };
    const res = await fetch(`${stack.emulator.url}/shops/${domain}/apps/plaudit/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(asked),
    });
    if (res.status !== 201) throw new Error(`asking answered ${res.status}`);
    ids.push((await res.json()).data.id);
  }
  for (const id of ids.slice(0, QUESTIONS.answered)) {
    const res = await http.put(`/api/questions/${id}/answer`, { body: 'Yes, it is.' });
    if (res.status !== 200) throw new Error(`answering answered ${res.status}`);
  }
}

/** The funnel's facts and the attributed order as the sources answer them once every event is handled. */
export const FUNNEL_FACTS = { 'requests.opened': 3, 'requests.clicked': 2, 'requests.reviewed': 2, 'requests.photo': 1, 'orders.attributed': 1 };

/**
 * Opens, reviews and the order reach the sources through workflows, events and the order webhook:
 * waits until the sources the history is counted from (the rebuild's) tell all of it.
 */
async function settled(stack: PlatformStack, tenant: Tenant) {
  const { timezone } = (await stack.api.runtime.services.shops.get(tenant.shopId))!;
  const range = { from: new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10), to: new Date(Date.now() + DAY).toISOString().slice(0, 10), timezone };
  await eventually(async () => {
    const totals: Record<string, number> = {};
    for (const { source } of analyticsSources(stack.api.runtime.services)) {
      for (const facts of Object.values(await source.days(tenant, range)))
        for (const [metric, n] of Object.entries(facts)) totals[metric] = (totals[metric] ?? 0) + n;
    }
    const missing = Object.entries(FUNNEL_FACTS).filter(([metric, n]) => totals[metric] !== n);
    if (missing.length) throw new Error(`not yet: ${missing.map(([metric, n]) => `${metric} ${totals[metric] ?? 0} of ${n}`).join(', ')}`);
    return true;
  }, 150_000);
}

export async function demoShop(stack: PlatformStack) {
  const installed = await stack.installShop();
  const tenant = stack.api.runtime.services.tenant(installed.shop.id, installed.domain);
  await importReviews(stack, tenant);
  await requestFunnel(stack, installed.domain, installed.appToken);
  // after the funnel, whose requests are found among the shop's mails (questions mail the merchant)
  await questions(stack, installed.domain, installed.appToken);
  await settled(stack, tenant);
  return installed;
}
