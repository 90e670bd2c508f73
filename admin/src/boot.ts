// What the first paint of a page needs, asked for as soon as the entry runs (issue 36). Left to the
// render, the chain was: entry -> strings -> render the shell -> GET /api/shops and the page's chunk
// -> render the page; the bench's waterfall showed the shell's render (hundreds of ms) with the
// network idle, then the page waiting on both. Started here (after main.tsx has asked for the
// strings, which every page needs first), they arrive while the entry and the shell run.
import { matchPath } from 'react-router-dom';
import { isSignedIn } from './auth-provider';
import { preloadPage } from './lazy-page';
import type { RouteEntry } from './plugin';
import { prefetchShop } from './shop';

/**
 * `path` is the address without the /embed prefix; `routes` are App.tsx's. Nothing for a page without
 * the layout (sign-in, /not-supported...): those do not read the shop, and /not-supported is where a
 * development store's 403 on GET /api/shops sends the browser, so asking there would loop.
 */
export function startBoot(path: string, routes: RouteEntry[]): void {
  const route = routes.find((r) => matchPath({ path: r.path, end: true }, path));
  if (route?.noLayout || !isSignedIn()) return;
  prefetchShop();
  preloadPage(route?.component);
}
