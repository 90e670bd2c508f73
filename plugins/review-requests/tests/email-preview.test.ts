// The preview's HTML (api/email-preview.ts): the open pixel goes whatever host or quoting the mail
// had; the other images and links stay; the unsubscribe link points nowhere.
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

test('an entry never sent has no HTML', () => {
  expect(previewHtml(null)).toBeNull();
});
