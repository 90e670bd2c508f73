// Mails to the shop about new reviews: negative ones (at or below the shop's threshold) at once,
// the rest as a digest. Every value in the mail is escaped.
import type { ActivityDeps } from '../../../workflows/plugin';
import { reviewSettings } from '../shared/review';

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Row {
  id: number;
  rating: number;
  title: string | null;
  content: string;
  firstName: string | null;
  productTitle: string | null;
}

function mailBody(shopName: string, heading: string, rows: Row[], adminUrl: string): string {
  const items = rows
    .map((r) => `<li style="margin:0 0 12px"><strong>${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</strong> ${esc(r.productTitle ?? shopName)}<br>${r.title ? `<em>${esc(r.title)}</em><br>` : ''}${esc(r.content.slice(0, 500))}<br><small>${esc(r.firstName ?? '')}</small></li>`)
    .join('');
  return `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#202223"><h1 style="font-size:18px">${esc(heading)}</h1><ul style="padding-left:18px">${items}</ul><p><a href="${esc(adminUrl)}">Manage reviews</a></p></body></html>`;
}

export async function notifyShop(deps: ActivityDeps, shopId: number, reviewIds: number[], digestDue: boolean): Promise<{ deferred: number[] }> {
  const { knex, config, mailer } = deps;
  // tenancy: the shop row itself, by the id the workflow was started for
  const shop = await knex('shops').where({ id: shopId }).first();
  if (!shop || shop.uninstalledAt || !reviewIds.length) return { deferred: [] };
  // tenancy: scoped by the same shop id
  const settingsRow = await knex('settings').where({ shopId, namespace: 'reviews' }).first('value');
  const settings = reviewSettings.parse({ ...(settingsRow?.value ?? {}) });
  // tenancy: scoped by the same shop id
  const rows: Row[] = await knex('reviews').where({ shopId }).whereIn('id', reviewIds).select('id', 'rating', 'title', 'content', 'firstName', 'productTitle');
  const negative = rows.filter((r) => r.rating <= settings.negativeThreshold);
  const others = rows.filter((r) => r.rating > settings.negativeThreshold);
  const adminUrl = `${config.appUrl}/reviews/list`;
  const send = (to: string, subject: string, html: string) => mailer.sendMail({ from: config.smtp.from, to, subject, html, headers: { 'X-Plaudit-Shop': shop.shopifyDomain } });

  if (negative.length && settings.enabledEmailNegativeReview) {
    const to = settings.receiverNegativeReview ?? shop.email;
    if (to) await send(to, `New ${negative.length === 1 ? 'negative review' : `negative reviews (${negative.length})`} on ${shop.name ?? shop.shopifyDomain}`, mailBody(shop.name, 'Negative reviews to look at', negative, adminUrl));
  }
  if (!digestDue) return { deferred: others.map((r) => r.id) };
  if (others.length && settings.enabledEmailNewReview) {
    const to = settings.receiverNewReview ?? shop.email;
    if (to) await send(to, `${others.length} new review${others.length === 1 ? '' : 's'} on ${shop.name ?? shop.shopifyDomain}`, mailBody(shop.name, 'New reviews', others, adminUrl));
  }
  return { deferred: [] };
}
