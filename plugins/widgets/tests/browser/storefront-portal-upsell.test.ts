// Customer portal reviews and upsell ratings on the demo storefront (issue 22): each is switched on
// and off through the admin API; on, the theme's block shows the right data (the signed-in
// customer's products awaiting a review with a working write link, their own reviews; stars on the
// cards of the cart's and product page's "you may also like"), off, the block is not in the page.
// The portal shows the signed-in customer only their own: not another customer's reviews or
// purchases, and a forged logged_in_customer_id is replaced by the proxy's own.
import type { Browser, Page } from 'playwright-core';
import { screenshot, useBrowser } from '@plaudit/kernel/testing';
import { addReview, demoShop, openPage, poll, reviewByContent, startWidgetStack, syncNow, type DemoShop, type Stack } from './storefront-helpers';

jest.setTimeout(240_000);

let stack: Stack;
let browser: Browser;
useBrowser(
  () => startWidgetStack('widgets-portal'),
  (s, b) => {
    stack = s;
    browser = b;
  },
);

const ADA = 'ada.portal@example.com';
const BO = 'bo.portal@example.com';

let shop: DemoShop;
/** the emulator's numeric customer ids, by email */
const customerIds: Record<string, string> = {};

async function placeOrder(email: string, handles: string[]) {
  const res = await fetch(`${stack.emulator.url}/_emulator/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shop: shop.domain, customerEmail: email, productHandles: handles, wait: true }),
  });
  expect(res.status).toBe(201);
}

async function setDisplay(screen: string, body: Record<string, unknown>) {
  const res = await shop.http.put(`/api/display-settings/${screen}`, body);
  expect(res.status).toBe(200);
  // the theme learns which proxy-only blocks are on from the shop's plaudit.blocks metafield
  await syncNow(stack, shop);
}

/** A browser signed in to the storefront as this customer (the emulator's demo login). */
async function signedIn(email: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(shop.url(`/account/login?email=${encodeURIComponent(email)}`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  return { context, page };
}

const portal = (page: Page) => page.locator('.pl-w-customer-portal');

beforeAll(async () => {
  shop = await demoShop(stack);
  const [hat, mug, bag] = shop.products;
  await placeOrder(ADA, [hat.handle, mug.handle]);
  await placeOrder(BO, [bag.handle, hat.handle]);
  const admin = stack.api.runtime.services.platform!.adminApi(shop.domain);
  for (const email of [ADA, BO]) customerIds[email] = (await admin.customers({ first: 1, query: `email:${email}` }))[0].id.split('/').pop()!;
  // Bo's own review of the bag (by Bo's email, as an email-link review is kept) and others' reviews for the stars
  await addReview(shop, {
    kind: 'product',
    productId: bag.id,
    productTitle: bag.title,
    productHandle: bag.handle,
    rating: 4,
    content: 'Bo only: the bag is roomy.',
    firstName: 'Bo',
    lastName: 'Berg',
    email: BO,
  });
  for (const [i, p] of [hat, hat, mug].entries()) {
    await addReview(shop, {
      kind: 'product',
      productId: p.id,
      productTitle: p.title,
      productHandle: p.handle,
      rating: 5 - i,
      content: `Another shopper, review ${i}.`,
      firstName: 'Cy',
      lastName: 'Dee',
    });
  }
});

test('customer portal on: the signed-in customer sees what awaits their review, writes one through its link, and sees it; nothing of another customer', async () => {
  const [hat, mug, bag] = shop.products;
  await setDisplay('customer-portal-reviews', { enabled: true, title: 'My reviews', showPending: true });

  const { context, page } = await signedIn(ADA);
  await page.goto(shop.url('/account'));
  const box = portal(page);
  await box.getByRole('heading', { name: 'My reviews' }).waitFor();
  const awaiting = box.locator('.pl-awaiting-item');
  await poll(() => awaiting.count()).toBe(2);
  expect(await awaiting.locator('.pl-awaiting-title').allTextContents()).toEqual(expect.arrayContaining([hat.title, mug.title]));
  await box.getByText('You have not reviewed any products yet.').waitFor();
  // Bo's purchase and Bo's review are not Ada's
  expect(await box.textContent()).not.toContain(bag.title);
  expect(await box.textContent()).not.toContain('Bo only');
  await screenshot(page, 'widgets-portal-desktop');

  // Held for approval: the customer still sees it, tagged, in their portal (showPending).
  expect((await shop.http.put('/api/reviews/settings', { autoPublish: 'hold' })).status).toBe(200);
  // The write link is the signed review page of the order's product, as request emails carry it.
  const write = box.getByRole('link', { name: `Write a review of ${mug.title}` });
  expect(await write.getAttribute('href')).toMatch(/\/r\/write\/[^/]+$/);
  await write.click();
  await page.locator('label[for="r5"]').click();
  await page.locator('textarea[name="content"]').fill('Ada wrote this from her account page.');
  await page.locator('form button[type="submit"]').click();
  await page.getByText(/thank/i).first().waitFor();
  const written = await reviewByContent(shop, 'Ada wrote this from her account page.');
  expect(written).toMatchObject({ productId: mug.id, verified: true, status: 'pending' });
  expect((await shop.http.put('/api/reviews/settings', { autoPublish: 'all' })).status).toBe(200);

  // Back on the account page: the mug no longer awaits, the review is listed (awaiting approval when held).
  await page.goto(shop.url('/account'));
  await portal(page).getByText('Ada wrote this from her account page.').waitFor();
  expect(await portal(page).locator('.pl-awaiting-title').allTextContents()).toEqual([hat.title]);
  await portal(page).locator('.pl-review', { hasText: 'Ada wrote this' }).getByText('Awaiting approval').waitFor();
  await screenshot(page, 'widgets-portal-written');

  // Without reviews awaiting approval in the portal, the held review is not listed, and the mug
  // still does not ask again: it is reviewed, whatever became of the review.
  await setDisplay('customer-portal-reviews', { showPending: false });
  await page.goto(shop.url('/account'));
  await portal(page).getByText('You have not reviewed any products yet.').waitFor();
  expect(await portal(page).locator('.pl-awaiting-title').allTextContents()).toEqual([hat.title]);
  await setDisplay('customer-portal-reviews', { showPending: true });
  await context.close();

  // Bo sees Bo's review and the hat awaiting, never Ada's review.
  const bo = await signedIn(BO, { width: 390, height: 844 });
  await bo.page.goto(shop.url('/account'));
  await portal(bo.page).getByText('Bo only: the bag is roomy.').waitFor();
  expect(await portal(bo.page).locator('.pl-awaiting-title').allTextContents()).toEqual([hat.title]);
  expect(await portal(bo.page).textContent()).not.toContain('Ada wrote this');
  // nothing wider than the phone
  expect(await bo.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(bo.page, 'widgets-portal-phone');
  await bo.context.close();
});

test('customer portal: a guest gets nothing, and a forged logged_in_customer_id is replaced by the proxy', async () => {
  await setDisplay('customer-portal-reviews', { enabled: true });
  // Shopify (the emulator) sets logged_in_customer_id itself and signs it; the shopper's value is dropped.
  const forged = await fetch(shop.url(`/apps/plaudit/widgets/customer-portal?scripts=0&logged_in_customer_id=${customerIds[BO]}`));
  expect(forged.status).toBe(200);
  const html = await forged.text();
  expect(html).toContain('You have not reviewed any products yet.');
  expect(html).not.toContain('Bo only');
  expect(forged.headers.get('cache-control')).toMatch(/private|no-store/);
  // not through the proxy (no signed customer): not served at all
  expect((await fetch(`${stack.appUrl}/storefront/shops/${shop.domain}/widgets/customer-portal`)).status).toBe(404);
  // the account page of a guest is the login page: no block
  const { context, page } = await openPage(browser, shop.url('/account'));
  expect(await page.locator('.plaudit-customer-reviews').count()).toBe(0);
  await context.close();
});

test('customer portal off: the account page has no block', async () => {
  await setDisplay('customer-portal-reviews', { enabled: false });
  const { context, page } = await signedIn(ADA);
  await page.goto(shop.url('/account'));
  await page.getByRole('heading', { name: 'Order history' }).waitFor();
  expect(await page.locator('.plaudit-customer-reviews').count()).toBe(0);
  expect(await page.locator('.pl-portal').count()).toBe(0);
  await context.close();
});

/** Layout shifts recorded by the page until now (buffered, as Lighthouse counts them). */
function shiftsOf(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

test('upsell ratings on: stars on the cards of the product page and cart offers, without layout shift; off: no block', async () => {
  const [hat, mug, bag] = shop.products;
  await setDisplay('upsell-aov', { enabled: true, showCount: true, minRating: 0 });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(shop.url(`/products/${bag.handle}`));
    const offers = page.locator('.upsell [data-product-id]');
    // the hat (5 and 4 stars) and the mug (3) have reviews; the others get none
    const hatCard = page.locator(`.upsell [data-product-id="${hat.numericId}"]`);
    await hatCard.locator('.plaudit-upsell-rating').waitFor();
    expect(await hatCard.locator('.pl-stars').getAttribute('aria-label')).toBe('4.5 out of 5 stars');
    expect(await hatCard.locator('.pl-count [aria-hidden]').textContent()).toBe('(2)');
    await page.locator(`.upsell [data-product-id="${mug.numericId}"] .plaudit-upsell-rating`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.upsell .plaudit-upsell-rating').count()).toBe(2);
    expect(await offers.count()).toBe(4);
    expect(await shiftsOf(page)).toBeLessThan(0.005);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.locator('.upsell').scrollIntoViewIfNeeded();
    await screenshot(page, `widgets-upsell-product-${viewport.width}`);

    // the cart: the bag in it, the offers below with their stars
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.locator(`.upsell [data-product-id="${hat.numericId}"] .plaudit-upsell-rating`).waitFor();
    expect(await page.locator(`.upsell [data-product-id="${bag.numericId}"]`).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await shiftsOf(page)).toBeLessThan(0.005);
    await screenshot(page, `widgets-upsell-cart-${viewport.width}`);
    await context.close();
  }

  await setDisplay('upsell-aov', { enabled: false });
  const { context, page, errors } = await openPage(browser, shop.url(`/products/${bag.handle}`));
  await page.locator('.upsell').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.locator('.plaudit-upsell').count()).toBe(0);
  expect(await page.locator('.plaudit-upsell-rating').count()).toBe(0);
  // and the proxy answers nothing for it, should a page still carry the block
  const res = await fetch(shop.url(`/apps/plaudit/widgets/upsell?scripts=0&product_ids=${hat.numericId}`));
  expect(await res.text()).toBe('');
  expect(errors).toEqual([]);
  await context.close();
});
