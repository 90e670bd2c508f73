// Email templates over the kernel's registry: every declared template listed (discount templates
// are not review-requests' any more), the stored contract (namespace 'kernel.email-templates', keyed
// '<plugin>.<key>', only the fields the merchant changed), default texts in the shop's language,
// validation (a template that does not parse is refused with the parser's message on its field),
// the preview (an XSS payload in a customer's name stays inert), test emails (25 a day), and a
// customised review reminder used by a real send through the worker.
import crypto from 'node:crypto';
import { client, createShop, eventually, kernelSettingsAtRest, startPlatformStack, storeSettingsRaw, updateShop } from '@plaudit/kernel/testing';
import { clickPaths, decodedMail, followClick, sinkMail } from './mail-helpers';
import en from '../locales/en.json';
import de from '../locales/de.json';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

const XSS = '<img src=x onerror=alert(1)>';
// the stored edits, without the settings store's own version field
const templatesRow = (shopId: number) => kernelSettingsAtRest(stack.api, shopId, 'email-templates');
const REMINDER = en.email_templates.reviewReminder;

test('list, save and the stored contract: only what the merchant changed, keyed by plugin and template', async () => {
  const { appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const list = await http.get('/api/email-templates');
  const ids = list.body.data.map((t: { id: string }) => t.id);
  expect(ids.slice(0, 2)).toEqual(['review-reminder', 'photo-reminder']);
  // the rewards plugin's two emails are in the same registry
  expect(ids).toEqual(expect.arrayContaining(['discount-notification', 'discount-reminder']));
  expect(list.body.data.every((t: { enabled: boolean; customised: boolean }) => t.enabled && !t.customised)).toBe(true);

  const one = await http.get('/api/email-templates/photo-reminder');
  expect(one.body.data).toMatchObject({
    type: 'photoReminder',
    template: { subject: en.email_templates.photoReminder.subject, sendFor: 4, buttonColor: '#303030' },
  });
  expect(one.body.data.variables).toEqual(expect.arrayContaining(['photo_url', 'review_content']));
  expect((await http.get('/api/email-templates/not-a-template')).status).toBe(404);

  const saved = await http.put('/api/email-templates/photo-reminder', { subject: 'A photo of {{ product_title }}?', sendFor: 5 });
  expect(saved.status).toBe(200);
  const reminder = await http.put('/api/email-templates/review-reminder', {
    buttonColor: '#aa3300',
    secondaryButton: { text: 'Our blog', url: 'https://acme.example/blog' },
  });
  expect(reminder.status).toBe(200);
  const row = await templatesRow(shop.id);
  expect(Object.keys(row).sort()).toEqual(['review-requests.photoReminder', 'review-requests.reviewReminder']);
  expect(row['review-requests.photoReminder']).toEqual({ subject: 'A photo of {{ product_title }}?', sendFor: 5 });
  expect(row['review-requests.reviewReminder']).toEqual({ buttonColor: '#aa3300', secondaryButton: { text: 'Our blog', url: 'https://acme.example/blog' } });
  expect((await http.get('/api/email-templates')).body.data[0]).toMatchObject({ customised: true });

  // Reset: the template leaves the row, the others stay.
  expect((await http.delete('/api/email-templates/photo-reminder')).body.data.template.subject).toBe(en.email_templates.photoReminder.subject);
  expect(Object.keys(await templatesRow(shop.id))).toEqual(['review-requests.reviewReminder']);
});

test("default texts follow the shop's language; what the merchant wrote is kept as written", async () => {
  const { appToken, shop } = await stack.installShop();
  await updateShop(stack.api, shop.id, { primaryLocale: 'de' });
  const http = client(stack.appUrl, appToken);
  expect((await http.get('/api/email-templates/review-reminder')).body.data.template.subject).toBe(de.email_templates.reviewReminder.subject);
  const preview = await http.post('/api/email-templates/review-reminder/preview', {});
  expect(preview.body.data.subject).toBe(`Jane, wie gefällt Ihnen Ihre Bestellung #1001?`);
  expect(preview.body.data.html).toContain('lang="de"');
  expect(preview.body.data.html).toContain(de.email_templates.reviewReminder.button_text);
  expect(preview.body.data.html).toContain(de.email_templates.unsubscribe);
});

test('GET /email?type=: a template type answers with the stored template, the request types with the request settings', async () => {
  const { appToken } = await stack.installShop();
  const other = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const current = (await http.get('/api/email')).body.data;
  const posted = await http.post('/api/emails', {
    ...current,
    sendMethod: 'fulfillment',
    sendAfter: 'custom',
    sendAfterCustom: 3,
    timeUnit: 'day',
    isRequestSetting: true,
  });
  expect(posted.status).toBe(200);
  expect((await http.put('/api/email-templates/review-reminder', { subject: 'How was {{ order_name }}?', buttonColor: '#aa3300' })).status).toBe(200);
  // another shop's template must not leak into this one's answer
  expect((await client(stack.appUrl, other.appToken).put('/api/email-templates/review-reminder', { subject: 'Not yours' })).status).toBe(200);

  // the review reminder: the request settings that time it plus the shop's template, defaults filled
  const reminder = await http.get('/api/email?type=review-reminder');
  expect(reminder.status).toBe(200);
  expect(reminder.body.success).toBe(true);
  expect(reminder.body.data).toMatchObject({ sendMethod: 'fulfillment', sendAfterCustom: 3, timeUnit: 'day' });
  expect(reminder.body.data.template).toMatchObject({
    subject: 'How was {{ order_name }}?',
    buttonColor: '#aa3300',
    buttonText: REMINDER.button_text,
    enabled: true,
  });

  // the other templates: the template alone, defaults where nothing is stored
  const photo = await http.get('/api/email?type=photo-reminder');
  expect(Object.keys(photo.body.data)).toEqual(['template']);
  expect(photo.body.data.template).toMatchObject({ subject: en.email_templates.photoReminder.subject, sendFor: 4 });
  // a type that names no template nor the request settings is refused (issue 37)
  expect((await http.get('/api/email?type=discount-expiration-reminder')).status).toBe(400);

  // no type and the request types keep the request settings answer
  const plain = await http.get('/api/email');
  expect(plain.body.data).toMatchObject({ sendMethod: 'fulfillment', sendAfterCustom: 3 });
  expect(plain.body.data.template).toBeUndefined();
  expect((await http.get('/api/email?type=request')).body).toEqual(plain.body);
});

test('plan tiers: the other templates and custom CSS need a paid plan (spec section 6)', async () => {
  const { token } = await createShop(stack.api, { plan: 'free', installedAt: new Date('2024-01-01T00:00:00Z') });
  const http = client(stack.appUrl, token);
  const list = await http.get('/api/email-templates');
  expect(list.body.data.slice(0, 2).map((t: { allowed: boolean }) => t.allowed)).toEqual([true, false]);
  expect(await http.put('/api/email-templates/photo-reminder', { subject: 'Add a photo' })).toMatchObject({
    status: 403,
    body: { code: 'PLAN_TIER_TOO_LOW', tier: 'base' },
  });
  expect(await http.put('/api/email-templates/discount-notification', { enabled: false })).toMatchObject({
    status: 403,
    body: { code: 'PLAN_TIER_TOO_LOW', tier: 'second' },
  });
  expect(await http.put('/api/email-templates/review-reminder', { customCss: 'p{margin:0}' })).toMatchObject({ status: 403, body: { tier: 'base' } });
  expect((await http.put('/api/email-templates/review-reminder', { subject: 'How was {{ order_name }}?' })).status).toBe(200);
});

test('validation: a template that does not parse is refused with the parse error on its field', async () => {
  const { appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const unclosed = await http.put('/api/email-templates/review-reminder', { content: '<p>{% if customer_first_name %}Hi</p>' });
  expect(unclosed.status).toBe(400);
  expect(unclosed.body.errors.content).toMatch(/tag .*if.* not closed/i);
  const filter = await http.put('/api/email-templates/review-reminder', { subject: 'Hi {{ customer_first_name | shout }}' });
  expect(filter.body.errors).toEqual({ subject: expect.stringMatching(/undefined filter: shout/) });
  // No file access from a template.
  const include = await http.put('/api/email-templates/review-reminder', { content: "{% include '/etc/passwd' %}" });
  expect(include.body.errors.content).toMatch(/include tag is not available/);
  const runaway = await http.put('/api/email-templates/review-reminder', { content: '{% for i in (1..100000000) %}{{ i }}{% endfor %}' });
  expect(runaway.status).toBe(400);
  expect(runaway.body.errors.content).toMatch(/limit/);

  const fields = await http.put('/api/email-templates/review-reminder', {
    buttonColor: 'red',
    subject: 'See https://spam.example',
    buttonText: '',
    secondaryButton: { text: 'x', url: 'javascript:alert(1)' },
    customCss: '</style><script>',
  });
  expect(fields.status).toBe(400);
  expect(fields.body.errors).toEqual({
    buttonColor: 'The value is invalid',
    subject: 'Links are not allowed here',
    buttonText: 'This field is required',
    'secondaryButton.url': 'The value is invalid',
    customCss: 'The value is invalid',
  });
  expect((await http.put('/api/email-templates/review-reminder', { unknown: 1 })).body.errors).toEqual({ unknown: 'Unknown field' });
  expect(await templatesRow(shop.id)).toBeUndefined();
});

test('preview: the draft with sample data, or a queue entry whose customer name is an XSS payload, stays inert', async () => {
  const { appToken, shop } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const sample = await http.post('/api/email-templates/review-reminder/preview', {
    template: { subject: 'Hello {{ customer_first_name }} from {{ shop_name }}' },
  });
  expect(sample.status).toBe(200);
  expect(sample.body.data.subject).toBe(`Hello Jane from ${shop.name}`);
  expect(sample.body.data.html).toContain('Linen shirt');
  expect(sample.body.data.html).toContain(`<title>Hello Jane from ${shop.name}</title>`);
  // Nothing was saved by previewing.
  expect(await templatesRow(shop.id)).toBeUndefined();

  const [entry] = await stack.api
    .knex('email_queue')
    .insert({
      shopId: shop.id,
      orderId: `${Date.now()}`,
      name: '#9001',
      status: 'waiting',
      workflowId: 'wf-preview',
      customerEmail: 'x@example.com',
      customerName: `${XSS} Doe`,
      lineItems: JSON.stringify([{ productId: 'gid://shopify/Product/1', title: `<script>alert("t")</script>`, quantity: 1 }]),
    })
    .returning('id');
  const real = await http.post('/api/email-templates/review-reminder/preview', {
    queueId: entry.id,
    template: { content: '<p>Dear {{ customer_name }}, {{ customer_first_name }}</p>' },
  });
  expect(real.status).toBe(200);
  const html: string = real.body.data.html;
  expect(html).toContain('<p>Dear &lt;img src=x onerror=alert(1)&gt; Doe, &lt;img</p>');
  expect(html).toContain('&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt;');
  expect(html).not.toMatch(/<img src=x|<script>/);
  // Another shop's entry is not found.
  const other = await stack.installShop();
  expect((await client(stack.appUrl, other.appToken).post('/api/email-templates/review-reminder/preview', { queueId: entry.id })).status).toBe(404);

  const broken = await http.post('/api/email-templates/review-reminder/preview', { template: { content: '{{ unclosed' } });
  expect(broken.status).toBe(400);
  expect(Object.keys(broken.body.errors)).toEqual(['content']);
});

test('test emails: sent to the given address with the draft, 25 per shop per rolling day, then 429', async () => {
  const { appToken, shop, domain } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const to = `qa+${crypto.randomBytes(3).toString('hex')}@acme.example`;
  const first = await http.post('/api/email-templates/review-reminder/test', {
    email: to,
    template: { subject: 'Draft subject for {{ customer_first_name }}' },
  });
  expect(first.status).toBe(200);
  expect(first.body.data).toEqual({ to, testEmailsLeft: 24 });
  const mail = await eventually(async () => sinkMail(domain).find((m) => m.envelopeTo.includes(to)));
  expect(mail.subject).toBe('[Test] Draft subject for Jane');
  expect(decodedMail(mail)).toContain('Linen shirt');

  // 23 more were sent earlier today, one yesterday (outside the window).
  const now = Date.now();
  await stack.api
    .knex('email_test_sends')
    .insert([
      ...Array.from({ length: 23 }, (_v, i) => ({ shopId: shop.id, kind: 'test', templateType: 'photoReminder', createdAt: new Date(now - (i + 1) * 60_000) })),
      { shopId: shop.id, kind: 'test', templateType: 'photoReminder', createdAt: new Date(now - 25 * 3_600_000) },
    ]);
  expect((await http.get('/api/settings/emailSetting')).body.data.testEmailsLeft).toBe(1);
  // Three clicks at once for the last one: exactly one goes out.
  const race = await Promise.all([0, 1, 2].map(() => http.post('/api/email-templates/photo-reminder/test', { email: to })));
  expect(race.map((r) => r.status).sort()).toEqual([200, 429, 429]);
  const over = race.find((r) => r.status === 429)!;
  expect(over.body).toMatchObject({
    code: 'TEST_EMAIL_LIMIT',
    message: 'You have reached the daily limit of 25 test emails. The limit resets every 24 hours.',
  });
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await http.post('/api/email-templates/review-reminder/test', {})).status).toBe(429);
  // The allowance is per shop.
  const other = await stack.installShop();
  expect((await client(stack.appUrl, other.appToken).post('/api/email-templates/review-reminder/test', {})).status).toBe(200);
});

test('a failed test email gives its place back', async () => {
  const { appToken } = await stack.installShop();
  const http = client(stack.appUrl, appToken);
  const failed = await http.post('/api/email-templates/review-reminder/test', { email: 'bounce@reject.invalid' });
  expect(failed).toMatchObject({ status: 502, body: { message: 'Failed to send email' } });
  expect((await http.get('/api/email-templates')).body.testEmailsLeft).toBe(25);
});

describe('real sends through the worker', () => {
  async function shopWithQuickRequests() {
    const installed = await stack.installShop();
    await storeSettingsRaw(stack.api, installed.shop.id, 'review-requests', {
      sendMethod: 'fulfillment',
      sendAfter: 'custom',
      sendAfterCustom: 3600,
      timeUnit: 'second',
      reminders: 0,
    });
    return installed;
  }
  const entry = (shopId: number, orderId: string) => stack.api.knex('email_queue').where({ shopId, orderId }).first();

  test("the shop's review-reminder template, sender name and reply-to; a customer's name stays inert", async () => {
    const { appToken, shop, domain } = await shopWithQuickRequests();
    const http = client(stack.appUrl, appToken);
    const marker = crypto.randomBytes(4).toString('hex');
    expect(
      (
        await http.put('/api/email-templates/review-reminder', {
          subject: 'Order {{ order_name }}: tell us, {{ customer_first_name }}',
          content: `<p class="intro">Hello {{ customer_name }} (${marker})</p>`,
          buttonText: 'Rate {{ shop_name }}',
          buttonColor: '#112233',
          buttonTextColor: '#fafafa',
          secondaryButton: { text: 'Read our blog', url: 'https://acme.example/blog' },
          customCss: '.intro{color:#445566}',
        })
      ).status,
    ).toBe(200);
    expect((await http.put('/api/settings/emailSetting', { senderName: 'Acme Reviews', replyTo: 'care@acme.example' })).status).toBe(200);

    const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
    const waiting = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? entry(shop.id, order.id) : undefined), 40_000);
    await stack.api
      .knex('email_queue')
      .where({ id: waiting.id })
      .update({ customerName: `${XSS} Doe` });
    expect((await http.post('/api/email-queue/bulk-send-anyway', { ids: [waiting.id] })).status).toBe(200);

    const mail = await eventually(async () => sinkMail(domain).find((m) => m.messageId?.startsWith(`<review-request-${waiting.id}-0@`)), 40_000);
    // The subject is a plain-text header: the name's first word as typed, nothing to escape there.
    expect(mail.subject).toBe(`Order ${order.name}: tell us, <img`);
    expect(mail.from).toBe('Acme Reviews <reviews@plaudit.local>');
    const raw = decodedMail(mail);
    expect(raw).toMatch(/^Reply-To: care@acme\.example$/m);
    expect(raw).toContain(`<p class="intro">Hello &lt;img src=x onerror=alert(1)&gt; Doe (${marker})</p>`);
    expect(raw).toContain(`Rate ${shop.name}`);
    expect(raw).toContain('background:#112233;color:#fafafa');
    // The secondary button, like every link of a request, goes through the click redirect; it is not
    // the storefront, so it gets no UTM parameters.
    const targets = await Promise.all(clickPaths(raw).map(async (path) => (await followClick(stack.appUrl, path)).location));
    expect(targets).toContain('https://acme.example/blog');
    expect(raw).not.toContain('href="https://acme.example/blog"');
    expect(raw).toContain('<style>.intro{color:#445566}</style>');
    expect(raw).not.toContain('<img src=x');
    // Sent: 'success', then 'opened' once the clicks above reach the workflow and its activity records
    // them; when the row is read in between depends on the machine's load, so both are the sent row.
    const sent = await eventually(async () => {
      const row = await entry(shop.id, order.id);
      // thrown, so a timeout names the status it saw last
      if (!['success', 'opened'].includes(row.status)) throw new Error(`status ${row.status}`);
      return row;
    }, 40_000);
    expect(sent.htmlContent).toContain(marker);
    expect(sent.htmlContent).not.toContain('<img src=x');
  });

  test('the review reminder switched off in the grid: requests are skipped as email setting disabled', async () => {
    const { appToken, shop, domain } = await shopWithQuickRequests();
    const http = client(stack.appUrl, appToken);
    expect((await http.put('/api/email-templates/review-reminder', { enabled: false })).status).toBe(200);
    expect((await http.get('/api/email-templates')).body.data[0]).toMatchObject({ id: 'review-reminder', enabled: false });
    const { order } = await stack.control('/orders', { shop: domain, fulfill: true });
    const waiting = await eventually(async () => ((await entry(shop.id, order.id))?.status === 'waiting' ? entry(shop.id, order.id) : undefined), 40_000);
    await http.post('/api/email-queue/bulk-send-anyway', { ids: [waiting.id] });
    const skipped = await eventually(async () => ((await entry(shop.id, order.id)).status === 'cancel' ? entry(shop.id, order.id) : undefined), 40_000);
    expect(skipped.skipReason).toBe('email_disabled');
    expect(sinkMail(domain).filter((m) => m.messageId?.startsWith(`<review-request-${waiting.id}-`))).toEqual([]);
  });
});
