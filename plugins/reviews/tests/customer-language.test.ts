// Customer-facing pages and emails in the customer's language (issue 11 item 10): a German-locale
// order's write link opens the review page in German, and the reply to that review is mailed in
// German; the same shop's English customer still reads English.
import { client, eventually, startPlatformStack, listMail } from '@plaudit/kernel/testing';
import { mailBody, writeLinkFor } from './helpers';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
beforeAll(async () => {
  stack = await startPlatformStack();
});
afterAll(() => stack?.close());

// the shop's mail to its customer (the merchant is also told of the new review)
const mailsOf = (shopDomain: string, to: string) => listMail(process.env.DATA_DIR!).filter((m) => m.shop === shopDomain && m.envelopeTo.includes(to));

function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

test('a German-locale customer gets the write page and the reply email in German', async () => {
  const { url, shop, domain, appToken } = await writeLinkFor(stack, { locale: 'de-DE' });
  const page = await (await fetch(url)).text();
  expect(page).toContain('<html lang="de"');
  expect(page).toContain('Wie gefällt Ihnen');
  expect(page).toContain('Bewertung absenden');
  expect(page).not.toContain('How do you like');

  const invalid = await fetch(url, { method: 'POST', body: form({ rating: '9', content: '' }) });
  expect(invalid.status).toBe(400);
  expect(await invalid.text()).toContain('Dieses Feld ist erforderlich');

  const sent = await fetch(url, { method: 'POST', body: form({ rating: '5', content: 'Sehr gut', firstName: 'Anna', lastName: 'Schmidt' }) });
  expect(await sent.text()).toContain('Vielen Dank!');
  const [review] = await stack.api.knex('reviews').where({ shopId: shop.id });
  expect(review.locale).toBe('de-DE');

  const reply = await client(stack.appUrl, appToken).post(`/api/reviews/${review.id}/reply`, { content: 'Danke, Anna!' });
  expect(reply.status).toBe(200);
  const [mail] = await eventually(async () => (mailsOf(domain, review.email).length ? mailsOf(domain, review.email) : undefined), 60_000); // the reply event's handler on the shared worker
  expect(mail.subject).toBe(`${shop.name} hat auf Ihre Bewertung geantwortet`);
  const body = mailBody(mail.file);
  expect(body).toContain('lang="de"');
  expect(body).toContain('Hallo Anna,');
  expect(body).toContain('Bewertung ansehen');
  expect(body).toContain('Danke, Anna!');
});

test('without a customer locale the page follows the shop; English stays English', async () => {
  const { url } = await writeLinkFor(stack);
  const page = await (await fetch(url)).text();
  expect(page).toContain('<html lang="en"');
  expect(page).toContain('How do you like');
});
