// Hindi and Vietnamese customers (issue 19): the kernel's Translations speaks the storefront's twelve
// languages to customers. A review request for an order whose customer reads Hindi arrives in Hindi
// (subject, body, button, unsubscribe link, lang="hi") and the write page behind its product link is
// Hindi; a Vietnamese customer's request and unsubscribe page are Vietnamese; the storefront review
// endpoint refuses in either. On the real stack: the store emulator's order webhooks, Temporal, the SMTP sink.
import { eventually, startPlatformStack, storeSettingsRaw } from '@plaudit/kernel/testing';
import { clickPaths, decodedMail, followClick, sinkMail } from './mail-helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;

beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

/** A shop that mails a request a second after fulfillment, without reminders. */
async function requestingShop() {
  const installed = await stack.installShop();
  await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    timeUnit: 'second',
    sendAfterCustom: 1,
    reminders: 0,
  });
  return installed;
}

const firstMail = (domain: string) => eventually(async () => sinkMail(domain)[0], 40_000);
/** A link's path on this test's API (the shared worker mails another origin). */
const here = (url: string) => stack.appUrl + url.replace(/^https?:\/\/[^/]+/, '');

test('a Hindi customer gets the review request in Hindi, and its write page is Hindi', async () => {
  const { domain } = await requestingShop();
  // Shopify keeps each customer's language; this one shops in Hindi
  const customer = stack.emulator.store.shop(domain)!.customers[0];
  customer.locale = 'hi';
  const { order } = await stack.control('/orders', { shop: domain, customerEmail: customer.email, fulfill: true });

  const mail = await firstMail(domain);
  expect(mail.subject).toContain(`आपको अपना ऑर्डर ${order.name} कैसा लगा?`);
  const body = decodedMail(mail);
  expect(body).toContain('lang="hi"');
  expect(body).toContain('से ख़रीदारी करने के लिए धन्यवाद');
  expect(body).toContain('समीक्षा लिखें');
  expect(body).toContain('सदस्यता समाप्त करें');
  expect(body).not.toMatch(/Thank you for shopping|Write a review|>Unsubscribe</);

  const [click] = clickPaths(body);
  const { status, location } = await followClick(stack.appUrl, click);
  expect(status).toBe(302);
  expect(location).toMatch(/\/r\/write\/[\w-]+\.[\w-]+$/);
  const page = await (await fetch(here(location!))).text();
  expect(page).toContain('<html lang="hi"');
  expect(page).toContain('आपको');
  expect(page).toContain('कैसा लगा?');
  expect(page).toContain('समीक्षा भेजें');
  expect(page).not.toMatch(/How do you like|Submit review/);
});

test('a Vietnamese customer gets the request and the unsubscribe page in Vietnamese', async () => {
  const { domain } = await requestingShop();
  // the emulator's customers in Vietnam read Vietnamese (customer_locale "vi" on the order)
  const { order } = await stack.control('/orders', { shop: domain, country: 'VN', customerEmail: `khach.${Date.now()}@example.com`, fulfill: true });

  const mail = await firstMail(domain);
  expect(mail.subject).toContain(`bạn thấy đơn hàng ${order.name} thế nào?`);
  const body = decodedMail(mail);
  expect(body).toContain('lang="vi"');
  expect(body).toContain('Cảm ơn bạn đã mua sắm tại');
  expect(body).toContain('Viết đánh giá');

  const unsubscribe = /\/r\/unsubscribe\/[^"\s>]+/.exec(body)![0];
  const page = await (await fetch(here(unsubscribe))).text();
  expect(page).toContain('<html lang="vi"');
  expect(page).toContain('Bạn đã hủy đăng ký');
  expect(page).not.toContain('You are unsubscribed');
});

test('the storefront review endpoint answers its refusals in Hindi and Vietnamese (?locale=)', async () => {
  const { domain } = await stack.installShop();
  const refuse = async (locale: string) => {
    const res = await fetch(`${stack.appUrl}/storefront/reviews?shop=${domain}&locale=${locale}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'product', productId: 'gid://shopify/Product/1', rating: 4, content: 'x', firstName: 'A', email: 'not-an-email' }),
    });
    expect(res.status).toBe(400);
    return ((await res.json()) as { errors: Record<string, string> }).errors;
  };
  expect((await refuse('hi-IN')).email).toBe('अमान्य ईमेल');
  expect((await refuse('vi')).email).toBe('Email không hợp lệ');
});
