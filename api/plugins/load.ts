import type { ApiPlugin } from './types';
import type { DiscoveredPlugin } from './discover';

/** Loads plugins/<id>/api/index.ts of every discovered plugin that has an API side. */
export function loadApiPlugins(discovered: DiscoveredPlugin[]): ApiPlugin[] {
  return discovered.flatMap((d) => {
    if (!d.sides.api) return [];
    const mod = require(d.sides.api);
    const plugin: ApiPlugin | undefined = mod.default ?? mod.plugin;
    if (!plugin || typeof plugin !== 'object') throw new Error(`${d.sides.api} must default-export defineApiPlugin({...})`);
    if (plugin.id !== d.id) throw new Error(`Plugin in folder "${d.id}" declares id "${plugin.id}"; they must match`);
    return [plugin];
  });
}
