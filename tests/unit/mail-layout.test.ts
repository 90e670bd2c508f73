// The one email layout: caller HTML passes as given, everything else is escaped, and the message
// loads nothing but the images and pixel it names (no web fonts, no stylesheets from elsewhere).
import { renderMail } from '../../api/mail/layout';

test('escapes every field but the HTML ones, and fetches nothing it does not show', async () => {
  const html = await renderMail({
    subject: 'Hi <b>',
    contentHtml: '<p>Hello <b>there</b></p>',
    footer: 'Shop & Co',
    products: [{ title: 'Mug <x>', imageUrl: 'https://cdn.example/mug.png', button: { url: 'https://r.example/?a=1&b=2', labelHtml: 'Review' } }],
    buttons: [
      { url: 'https://c.example', labelHtml: 'Confirm', background: '#123456' },
      { url: 'https://d.example', labelHtml: 'Deny', outline: true },
    ],
    unsubscribe: { url: 'https://u.example', label: 'Unsubscribe' },
    openPixelUrl: 'https://o.example/pixel.gif',
    lang: 'de',
  });
  expect(html).toContain('<p>Hello <b>there</b></p>');
  expect(html).toContain('Mug &lt;x&gt;');
  expect(html).toContain('Shop &amp; Co');
  expect(html).toContain('https://r.example/?a=1&amp;b=2');
  expect(html).toContain('lang="de"');
  expect(html).not.toContain('Hi <b>');
  const fetched = [...html.matchAll(/(?:src|href)="(https?:[^"]+)"/g)].map((m) => m[1]).filter((u) => !/^https:\/\/(r|c|d|u)\.example/.test(u));
  expect(fetched.sort()).toEqual(['https://cdn.example/mug.png', 'https://o.example/pixel.gif']);
  expect(html).not.toMatch(/<link[^>]+stylesheet|@import/);
});
