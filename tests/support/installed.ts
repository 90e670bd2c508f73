// A test whose scenario goes through another plugin's feature (its settings, its storefront widget, its
// API) runs where that plugin is installed and is skipped, saying so, where it is not: the removal test
// runs every remaining plugin's whole suite in a tree without one (tests/integration/plugin-removal.test.ts).
import fs from 'node:fs';
import path from 'node:path';

// the repository's root, as api/runtime/stack.ts has it (this module loads without the stack)
const ROOT = path.resolve(__dirname, '../..');

/** Whether plugin `id`'s folder is installed (under PLUGINS_ROOT, else plugins/). */
export const installed = (id: string) => fs.existsSync(path.join(path.resolve(ROOT, process.env.PLUGINS_ROOT ?? 'plugins'), id));

/** `test` when every named plugin is installed, else `test.skip` (jest lists it as skipped). */
export const withPlugins = (...ids: string[]): jest.It => (ids.every(installed) ? test : test.skip);
