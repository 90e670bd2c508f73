// Reading what a theme says about the app's theme app extension. Shopify offers no "is the embed
// on" call: an app reads its main theme's files (Admin GraphQL `themes(roles: [MAIN])` and
// `OnlineStoreTheme.files`, read_themes scope) and looks for its blocks, whose type is
// `shopify://apps/<app>/blocks/<handle>/<extension uid>`:
//   config/settings_data.json  `current.blocks` holds app embeds, each with `disabled`;
//   templates/<name>.json      `sections.*.blocks` holds app blocks (a section or block may be disabled).
// Shopify writes a /* ... */ header above the JSON of these files, which JSON.parse refuses.
// See https://shopify.dev/docs/apps/build/online-store/theme-app-extensions/configuration
// ("App embed blocks", deep links) and https://shopify.dev/docs/api/admin-graphql/latest/objects/OnlineStoreTheme.

type Json = Record<string, unknown>;

/** A theme JSON file's object, its comment header dropped; undefined when it is not JSON. */
export function parseThemeJson(content: string | null | undefined): Json | undefined {
  if (!content) return undefined;
  try {
    const value = JSON.parse(content.replace(/^\uFEFF?\s*\/\*[\s\S]*?\*\//, '')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

interface Block {
  type?: unknown;
  disabled?: unknown;
}

/** The block's handle when it is one of this app's extension blocks ('popup', 'star-rating'). */
function appBlockHandle(block: Block): string | undefined {
  if (typeof block?.type !== 'string') return undefined;
  return /^shopify:\/\/apps\/[^/]+\/blocks\/([^/]+)\/[^/]+$/.exec(block.type)?.[1];
}

/**
 * `current` is a preset's name until the merchant first saves in the theme editor, then the
 * settings object itself; app embeds live in its `blocks`.
 */
function currentSettings(data: Json): Json {
  const current = data.current;
  if (typeof current === 'string') return ((data.presets as Json | undefined)?.[current] as Json | undefined) ?? {};
  return current && typeof current === 'object' ? (current as Json) : {};
}

export type EmbedState = 'on' | 'off' | 'absent';

/** Whether an app embed is present and switched on in settings_data.json. */
export function appEmbedState(settingsData: Json | undefined, handle: string, appHandle?: string): EmbedState {
  if (!settingsData) return 'absent';
  const blocks = Object.values((currentSettings(settingsData).blocks as Record<string, Block> | undefined) ?? {});
  const ours = blocks.filter((b) => appBlockHandle(b) === handle && (!appHandle || String(b.type).startsWith(`shopify://apps/${appHandle}/`)));
  if (!ours.length) return 'absent';
  return ours.some((b) => b.disabled !== true) ? 'on' : 'off';
}

/** Whether an app block is placed, and not disabled, in a JSON template. */
export function appBlockPlaced(template: Json | undefined, handle: string, appHandle?: string): boolean {
  const sections = Object.values((template?.sections as Record<string, Block & { blocks?: Record<string, Block> }> | undefined) ?? {});
  return sections.some(
    (s) =>
      s.disabled !== true &&
      Object.values(s.blocks ?? {}).some(
        (b) => b.disabled !== true && appBlockHandle(b) === handle && (!appHandle || String(b.type).startsWith(`shopify://apps/${appHandle}/`)),
      ),
  );
}

/**
 * The theme editor deep links (same page of Shopify's docs): the app embed one opens the App embeds
 * panel with the embed switched on; the app block one adds the block to a template at `target`
 * (newAppsSection, mainSection, sectionId:<id>). The merchant still presses Save.
 */
export function themeEditorUrl(
  shopDomain: string,
  link: { embed: string; apiKey: string; template?: string } | { block: string; apiKey: string; template: string; target: string },
): string {
  const params = new URLSearchParams();
  if ('embed' in link) {
    params.set('context', 'apps');
    if (link.template) params.set('template', link.template);
    params.set('activateAppId', `${link.apiKey}/${link.embed}`);
  } else {
    params.set('template', link.template);
    params.set('addAppBlockId', `${link.apiKey}/${link.block}`);
    params.set('target', link.target);
  }
  return `https://${shopDomain}/admin/themes/current/editor?${params.toString().replace(/%2F/g, '/')}`;
}
