// The merchant's side of billing: the charge confirmation page. Approving activates the
// subscription (cancelling the one it replaces), declining declines it; either way Shopify sends
// app_subscriptions/update and returns the merchant to the app's returnUrl with charge_id.
import Router from '@koa/router';
import type { EmulatorContext } from './context';
import { subscriptionUpdated } from './events';
import { adminPage, errorPage, html } from './html';
import { isoTime } from './store';
import type { SubscriptionRecord } from './types';

const DAY = 86_400_000;

function priceLine(s: SubscriptionRecord): string {
  return s.lineItems
    .map((li) => li.recurring
      ? `${li.recurring.price.currencyCode} ${Number(li.recurring.price.amount).toFixed(2)} ${li.recurring.interval === 'ANNUAL' ? 'every year' : 'every 30 days'}`
      : `usage charges up to ${li.usage!.cappedAmount.currencyCode} ${Number(li.usage!.cappedAmount.amount).toFixed(2)} every 30 days (${li.usage!.terms})`)
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
    if (!found) return void (ctx.status = 404, ctx.body = errorPage('Charge not found', 'This charge does not exist.'));
    const { shop, sub } = found;
    if (sub.status !== 'PENDING') {
      ctx.body = errorPage('Charge already handled', `This charge is ${sub.status.toLowerCase()}; there is nothing left to approve.`);
      return;
    }
    const discount = sub.lineItems.find((li) => li.recurring?.discount)?.recurring?.discount;
    ctx.body = adminPage('Approve subscription', html`
      <h1>Approve subscription</h1>
      <p class="muted">Plaudit on ${shop.name} ${sub.test ? html`<span class="badge">Test charge</span>` : html``}</p>
      <p><strong data-plan-name>${sub.name}</strong></p>
      <p data-price>${priceLine(sub)}</p>
      ${sub.trialDays ? html`<p>${sub.trialDays}-day free trial</p>` : html``}
      ${discount ? html`<p>Discount: ${discount.percentage != null ? `${Math.round(discount.percentage * 100)}%` : discount.amount} off${discount.durationLimitInIntervals ? ` for ${discount.durationLimitInIntervals} billing cycles` : ''}</p>` : html``}
      <form method="post">
        <div class="actions">
          <button type="submit" name="decision" value="approve">Approve</button>
          <button type="submit" name="decision" value="decline" class="secondary">Decline</button>
        </div>
      </form>`);
  });

  router.post('/shops/:shop/admin/charges/:id/confirm', async (ctx) => {
    const found = find(ctx.params.shop, ctx.params.id);
    if (!found) return void (ctx.status = 404, ctx.type = 'html', ctx.body = errorPage('Charge not found', 'This charge does not exist.'));
    const { shop, sub } = found;
    if (sub.status !== 'PENDING') {
      return void (ctx.status = 409, ctx.type = 'html', ctx.body = errorPage('Charge already handled', `This charge is ${sub.status.toLowerCase()}.`));
    }
    const decision = (ctx.request.body as { decision?: string } | undefined)?.decision;
    const now = Date.now();
    const changed: SubscriptionRecord[] = [];
    if (decision === 'approve') {
      // The new plan replaces the active one (replacementBehavior STANDARD).
      for (const old of shop.subscriptions) {
        if (old.status === 'ACTIVE') {
          old.status = 'CANCELLED';
          old.updatedAt = isoTime(now);
          changed.push(old);
        }
      }
      const annual = sub.lineItems.some((li) => li.recurring?.interval === 'ANNUAL');
      sub.status = 'ACTIVE';
      sub.currentPeriodEnd = isoTime(now + (sub.trialDays + (annual ? 365 : 30)) * DAY);
    } else {
      sub.status = 'DECLINED';
    }
    sub.updatedAt = isoTime(now);
    changed.push(sub);
    em.store.changed();
    await subscriptionUpdated(em, shop, changed);
    const target = new URL(sub.returnUrl);
    target.searchParams.set('charge_id', sub.id);
    ctx.redirect(target.toString());
  });

  return router;
}
