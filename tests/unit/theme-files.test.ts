// Reading a theme's files for the app's theme app extension: Shopify's comment header, `current`
// as a preset name or an object, disabled embeds, blocks and sections, other apps' blocks.
import { appBlockPlaced, appEmbedState, parseThemeJson, themeEditorUrl } from '../../api/platform/theme-files';

const HEADER = '/*\n * IMPORTANT: The contents of this file are auto-generated.\n */\n';
const type = (handle: string, app = 'plaudit') => `shopify://apps/${app}/blocks/${handle}/0f5c2a71-8d3e-4b6a-9c1d-5e2f7a8b9c0d`;

test('theme JSON parses with or without the generated header; anything else is undefined', () => {
  expect(parseThemeJson(`${HEADER}{"current":"Default"}`)).toEqual({ current: 'Default' });
  expect(parseThemeJson('{"a":1}')).toEqual({ a: 1 });
  expect(parseThemeJson('not json')).toBeUndefined();
  expect(parseThemeJson('[1]')).toBeUndefined();
  expect(parseThemeJson(null)).toBeUndefined();
});

test('an app embed is on, off or absent', () => {
  const settings = (blocks: object) => ({ current: { colors: {}, blocks } });
  expect(appEmbedState(settings({ 1: { type: type('popup'), disabled: false } }), 'popup')).toBe('on');
  expect(appEmbedState(settings({ 1: { type: type('popup') } }), 'popup')).toBe('on');
  expect(appEmbedState(settings({ 1: { type: type('popup'), disabled: true } }), 'popup')).toBe('off');
  expect(appEmbedState(settings({ 1: { type: type('sidebar'), disabled: false } }), 'popup')).toBe('absent');
  expect(appEmbedState({ current: 'Default', presets: { Default: {} } }, 'popup')).toBe('absent');
  expect(appEmbedState({ current: 'Default', presets: { Default: { blocks: { 1: { type: type('popup'), disabled: false } } } } }, 'popup')).toBe('on');
  expect(appEmbedState(undefined, 'popup')).toBe('absent');
  // another app's block of the same handle counts only when no app handle is asked for
  expect(appEmbedState(settings({ 1: { type: type('popup', 'other-app'), disabled: false } }), 'popup', 'plaudit')).toBe('absent');
});

test('an app block is placed when a live section holds it enabled', () => {
  const template = (sections: object) => ({ sections, order: Object.keys(sections) });
  const main = (blocks: object, extra = {}) => ({ type: 'main-product', blocks, block_order: Object.keys(blocks), ...extra });
  expect(appBlockPlaced(template({ main: main({ title: { type: 'title' }, star: { type: type('star-rating') } }) }), 'star-rating')).toBe(true);
  expect(appBlockPlaced(template({ apps_1: { type: 'apps', blocks: { b: { type: type('review-box') } } } }), 'review-box')).toBe(true);
  expect(appBlockPlaced(template({ main: main({ star: { type: type('star-rating'), disabled: true } }) }), 'star-rating')).toBe(false);
  expect(appBlockPlaced(template({ main: main({ star: { type: type('star-rating') } }, { disabled: true }) }), 'star-rating')).toBe(false);
  expect(appBlockPlaced(template({ main: main({ title: { type: 'title' } }) }), 'star-rating')).toBe(false);
  expect(appBlockPlaced(undefined, 'star-rating')).toBe(false);
});

test('theme editor deep links in the documented shapes', () => {
  expect(themeEditorUrl('a.myshopify.com', { embed: 'popup', apiKey: 'KEY' })).toBe(
    'https://a.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=KEY/popup',
  );
  expect(themeEditorUrl('a.myshopify.com', { block: 'star-rating', apiKey: 'KEY', template: 'product', target: 'mainSection' })).toBe(
    'https://a.myshopify.com/admin/themes/current/editor?template=product&addAppBlockId=KEY/star-rating&target=mainSection',
  );
});
