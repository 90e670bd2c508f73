// The Liquid engine for merchant-written email templates (review requests, reminders, confirm-edit
// and reply emails). Templates come from merchants, so the engine touches no file: the tags that
// load other templates (`render`, `include`, `layout`) refuse to parse with a message a save shows,
// and behind them the engine's file system resolves nothing (no root, no relative paths), in case a
// tag is ever re-registered. Size, render time and memory are bounded.
import { Liquid, type FS } from 'liquidjs';

const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`${file}: email templates read no files`);
  },
  readFileSync: (file) => {
    throw new Error(`${file}: email templates read no files`);
  },
  resolve: (_dir, file) => file,
  contains: async () => false,
  containsSync: () => false,
};

export const FILE_TAGS = ['include', 'render', 'layout'] as const;

/** A new engine; `escapeHtml` escapes every output (HTML bodies), off for plain text (subjects). */
export function emailLiquid(escapeHtml: boolean): Liquid {
  const liquid = new Liquid({
    strictFilters: true,
    outputEscape: escapeHtml ? 'escape' : undefined,
    ownPropertyOnly: true,
    fs: NO_FILES,
    root: [],
    relativeReference: false,
    parseLimit: 100_000, // characters of template
    renderLimit: 2_000, // ms of rendering
    memoryLimit: 20_000_000, // characters allocated by filters and loops
  });
  for (const tag of FILE_TAGS) {
    liquid.registerTag(tag, {
      parse() {
        throw new Error(`the ${tag} tag is not available in emails`);
      },
      render() {
        return '';
      },
    });
  }
  return liquid;
}
