/** The admin runs embedded in the Shopify admin under /embed, and standalone without a prefix. */
export const EMBED_PREFIX = '/embed';

export function basenameFor(pathname: string): string {
  return pathname === EMBED_PREFIX || pathname.startsWith(`${EMBED_PREFIX}/`) ? EMBED_PREFIX : '';
}

export const isEmbedded = () => basenameFor(window.location.pathname) === EMBED_PREFIX;
