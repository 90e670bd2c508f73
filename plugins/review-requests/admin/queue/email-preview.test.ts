import { withoutOpenPixel } from './email-preview';

test('the preview keeps the email but not its open-tracking pixel', () => {
  const html =
    '<html><body><p>Hi</p><img src="https://shop.example/product.png" alt="Mug"><img src="https://app.example/r/open/abc.def.gif" width="1" height="1"></body></html>';
  const shown = withoutOpenPixel(html);
  expect(shown).toContain('<p>Hi</p>');
  expect(shown).toContain('product.png');
  expect(shown).not.toContain('/r/open/');
});
