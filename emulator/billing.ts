// The merchant's side of billing: the charge confirmation page. Approving activates the
// subscription (replacing the active one as its replacementBehavior says, subscriptions.ts),
// declining declines it; either way Shopify sends app_subscriptions/update and returns the merchant
// to the app's returnUrl with charge_id.
import Router from '@koa/router';
import type { EmulatorContext } from './context';
import { subscriptionUpdated } from './events';
import { adminPage, errorPage, html } from './html';
import { approve, decline, settle } from './subscriptions';
import type { SubscriptionRecord } from './types';

function priceLine(s: SubscriptionRecord): string {
  return s.lineItems
    .map((li) =>
      li.recurring
        ? `${li.recurring.price.currencyCode} ${Number(li.recurring.price.amount).toFixed(2)} ${li.recurring.interval === 'ANNUAL' ? 'every year' : 'every 30 days'}`
        : `usage charges up to ${li.usage!.cappedAmount.currencyCode} ${Number(li.usage!.cappedAmount.amount).toFixed(2)} every 30 days (${li.usage!.terms})`,
    )
    .join(' + ');
}

export function billingRouter(em: EmulatorContext): Router {
  const router = new Router();

  const find = (shopDomain: string, id: string) => {
    const shop = em.store.shop(shopDomain);
    const sub = shop?.subscriptions.find((s) => s.id === id);
    return shop && sub ? { shop, sub } : undefined;
  };

  router.get('/shops/:shop/admin/charges/:id/confirm', (ctx) => {
    const found = find(ctx.params.shop, ctx.params.id);
    ctx.type = 'html';
    if (!found) return void ((ctx.status = 404), (ctx.body = errorPage('Charge not found', 'This charge does not exist.')));
    const { shop, sub } = found;
    const settled = settle(shop);
    if (settled.length) void subscriptionUpdated(em, shop, settled);
    if (sub.status !== 'PENDING') {
      ctx.body = errorPage('Charge already handled', `This charge is ${sub.status.toLowerCase()}; there is nothing left to approve.`);
      return;
    }
    const discount = sub.lineItems.find((li) => li.recurring?.discount)?.recurring?.discount;
    const money = (amount: string) => `${sub.lineItems.find((li) => li.recurring)?.recurring?.price.currencyCode ?? ''} ${Number(amount).toFixed(2)}`;
    ctx.body = adminPage(
      'Approve subscription',
      html`
      <h1>Approve subscription</h1>
      <p class="muted">Plaudit on ${shop.name} ${sub.test ? html`<span class="badge">Test charge</span>` : html``}</p>
      <p><strong data-plan-name>${sub.name}</strong></p>
      <p data-price>${priceLine(sub)}</p>
      ${sub.trialDays ? html`<p>${sub.trialDays}-day free trial</p>` : html``}
      ${discount ? html`<p>Discount: <span data-discount>${discount.percentage != null ? `${Math.round(discount.percentage * 100)}%` : money(discount.amount ?? '0')} off${discount.durationLimitInIntervals ? ` for ${discount.durationLimitInIntervals} billing cycles` : ''}</span></p>` : html``}
      <form method="post">
        <div class="actions">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="decline" class="secondary">Decline</button>
        </div>
      </form>`,
    );
  });

  router.post('/shops/:shop/admin/charges/:id/confirm', async (ctx) => {
    const found = find(ctx.params.shop, ctx.params.id);
    if (!found) return void ((ctx.status = 404), (ctx.type = 'html'), (ctx.body = errorPage('Charge not found', 'This charge does not exist.')));
    const { shop, sub } = found;
    const settled = settle(shop);
    if (settled.length) await subscriptionUpdated(em, shop, settled);
    if (sub.status !== 'PENDING') {
      return void ((ctx.status = 409), (ctx.type = 'html'), (ctx.body = errorPage('Charge already handled', `This charge is ${sub.status.toLowerCase()}.`)));
    }
    const decision = (ctx.request.body as { decision?: string } | undefined)?.decision;
    const changed = decision === 'approve' ? approve(shop, sub) : decline(sub);
    em.store.changed();
    await subscriptionUpdated(em, shop, changed);
    const target = new URL(sub.returnUrl);
    target.searchParams.set('charge_id', sub.id);
    ctx.redirect(target.toString());
  });

  return router;
}
