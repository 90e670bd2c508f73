// The app embed and app blocks through the platform adapter, against the store emulator: a new
// store's theme has neither; the theme editor's deep links stage them and Save stores them; the
// App embeds panel switches the embed off again.
import { startPlatformStack } from '../support/platform';

type Stack = Awaited<ReturnType<typeof startPlatformStack>>;
let stack: Stack;
let domain: string;

const WANT = {
  embeds: ['popup'],
  blocks: [
    { template: 'product', handle: 'star-rating' },
    { template: 'product', handle: 'review-box' },
  ],
};
const platform = () => stack.api.runtime.services.platform!;
const integration = () => platform().adminApi(domain).themeIntegration(WANT);

/** What the merchant does with a deep link: open it, then press Save (the form posts the panel as shown). */
async function openAndSave(link: string, embedsOn?: string[]) {
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const html = await page.text();
  const checked = embedsOn ?? [...html.matchAll(/name="embed" value="([^"]+)" checked/g)].map((m) => m[1]);
  const form = new URLSearchParams(checked.map((h) => ['embed', h]));
  for (const [k, v] of [...html.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    form.set(
      k,
      v.replace(/&#39;|&quot;|&amp;/g, (e) => ({ '&#39;': "'", '&quot;': '"', '&amp;': '&' })[e]!),
    );
  const saved = await fetch(link.split('?')[0], { method: 'POST', body: form, redirect: 'manual' });
  expect(saved.status).toBe(302);
  return html;
}

beforeAll(async () => {
  stack = await startPlatformStack();
  ({ domain } = await stack.installShop());
});
afterAll(() => stack?.close());

test("a new store's live theme has the embed absent and no app block", async () => {
  expect(await integration()).toEqual({
    themeName: 'Dawn',
    embeds: { popup: 'absent' },
    blocks: [
      { template: 'product', handle: 'star-rating', placed: false },
      { template: 'product', handle: 'review-box', placed: false },
    ],
  });
});

test('the app embed deep link, saved, turns the embed on; the panel turns it off again', async () => {
  const link = platform().themeEditorLink(domain, { embed: 'popup' });
  expect(link).toBe(`${stack.emulator.url}/shops/${domain}/admin/themes/current/editor?context=apps&activateAppId=${stack.api.config.shopify.apiKey}/popup`);
  const staged = await openAndSave(link);
  expect(staged).toContain('Popup');
  expect((await integration())!.embeds.popup).toBe('on');

  await openAndSave(`${stack.emulator.url}/shops/${domain}/admin/themes/current/editor?context=apps`, []);
  expect((await integration())!.embeds.popup).toBe('off');
});

test('app block deep links place the star rating in the main section and the review box in a new section', async () => {
  await openAndSave(platform().themeEditorLink(domain, { block: 'star-rating', template: 'product', target: 'mainSection' }));
  expect((await integration())!.blocks.map((b) => b.placed)).toEqual([true, false]);
  await openAndSave(platform().themeEditorLink(domain, { block: 'review-box', template: 'product', target: 'newAppsSection' }));
  expect((await integration())!.blocks.map((b) => b.placed)).toEqual([true, true]);
});

test("a deep link with another app's key or an unknown block is refused by the editor", async () => {
  const base = `${stack.emulator.url}/shops/${domain}/admin/themes/current/editor`;
  expect((await fetch(`${base}?context=apps&activateAppId=someone-else/popup`)).status).toBe(400);
  expect((await fetch(`${base}?context=apps&activateAppId=${stack.api.config.shopify.apiKey}/no-such-embed`)).status).toBe(400);
  expect((await fetch(`${base}?template=product&addAppBlockId=${stack.api.config.shopify.apiKey}/popup&target=mainSection`)).status).toBe(400);
});

test('the files query as Shopify answers it: text bodies with their header, NOT_FOUND for a missing name', async () => {
  const files = await platform().adminApi(domain).mainThemeFiles(['config/settings_data.json', 'templates/nope.json']);
  expect(files!.files['config/settings_data.json']).toMatch(/^\/\*[\s\S]*\*\/\s*\{/);
  expect(files!.files['templates/nope.json']).toBeNull();
  const raw = await platform()
    .adminApi(domain)
    .graphql<{ themes: { nodes: { files: { userErrors: unknown[] } }[] } }>(
      `query { themes(first: 1, roles: [MAIN]) { nodes { files(filenames: ["templates/nope.json"]) { userErrors { code filename } } } } }`,
    );
  expect(raw.themes.nodes[0].files.userErrors).toEqual([{ code: 'NOT_FOUND', filename: 'templates/nope.json' }]);
});
