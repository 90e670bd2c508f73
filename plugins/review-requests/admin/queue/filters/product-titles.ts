// The product filter's chips name products; the URL carries only their ids, so titles picked in this
// tab are remembered here, and otherwise read off the listed rows' items.
import { itemTitle, type QueueRow } from '../queue-api';

const titles = new Map<string, string>();

/** Titles shortened to 24 characters in the filter (spec section 9). */
export const shortTitle = (title: string) => (title.length > 24 ? `${title.slice(0, 23)}…` : title);

export function rememberProduct(p: { id: string; title: string }) {
  titles.set(p.id, p.title);
}

export function productTitle(id: string, rows: QueueRow[]): string {
  const item = rows.flatMap((r) => r.lineItems).find((li) => li.productId === id);
  return titles.get(id) ?? (item && itemTitle(item)) ?? `#${id.split('/').pop()}`;
}
