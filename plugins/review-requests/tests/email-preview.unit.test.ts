// The preview's HTML (api/email-preview.ts): the open pixel goes whatever host or quoting the mail
// had; the other images and links stay; the unsubscribe link points nowhere; a tracked link points at
// its target, so the merchant's click is not the customer's.
import { previewHtml } from '../api/email-preview';

const PIXEL = 'https://old-host.example/r/open/eyJhbGciOi.abc-_DEF.gif';

test('drops every image of the open route and keeps the others', () => {
  const html = `<p>Hi</p><img src="https://cdn.example/p.png" alt="Shirt"><img src="${PIXEL}" width="1" height="1" alt="" style="display:block"><IMG alt='' SRC='${PIXEL.replace('old-host.example', 'app.example')}'>`;
  expect(previewHtml(html)).toBe('<p>Hi</p><img src="https://cdn.example/p.png" alt="Shirt">');
});

test('blanks the open route anywhere else and the unsubscribe links', () => {
  const html = `<td style="background:url(${PIXEL})"><a href="https://app.example/r/unsubscribe/tok.en">Unsubscribe</a><a href='https://app.example/r/write/x'>Review</a></td>`;
  expect(previewHtml(html)).toBe(`<td style="background:url(about:blank)"><a href="#">Unsubscribe</a><a href='https://app.example/r/write/x'>Review</a></td>`);
});

test("the click redirect's links point straight at their targets; an unreadable one nowhere", () => {
  const token = (data: unknown) =>
    `${Buffer.from(JSON.stringify({ purpose: 'review-requests.click', shop: 's.myshopify.com', data, exp: 1 })).toString('base64url')}.sig-_1`;
  const target = 'https://s.example/products/x?utm_source=plaudit&utm_content=7';
  const html = `<a href="https://app.example/r/click/${token({ queueEntry: 7, to: target })}">Shop</a><a href='https://app.example/r/click/bad.sig'>Review</a>`;
  expect(previewHtml(html)).toBe(`<a href="https://s.example/products/x?utm_source=plaudit&amp;utm_content=7">Shop</a><a href='#'>Review</a>`);
  expect(previewHtml(`<a href="/r/click/${token({ queueEntry: 7, to: 'javascript:alert(1)' })}">x</a>`)).toBe('<a href="#">x</a>');
});

test('an entry never sent has no HTML', () => {
  expect(previewHtml(null)).toBeNull();
});
