// Reviews (plugins/reviews) and their rewards (plugins/rewards): the shop's notification workflow
// holding a digest, the edit request and reply emails, the hourly and per-minute upkeep, and a reward
// in each way it ends (too short, used, reminded and expired, topped up with photos, held for moderation).
import { ReviewWrite } from '../../../contracts/reviews';
import { productPng } from '../../../emulator/png';
import { digestPendingQuery } from '../../../plugins/reviews/workflows/messages';
import { until } from '../recorder';
import { email, uniq, type Context, type Scenario } from './context';

const pendingDigest = (ctx: Context, workflowId: string) => ctx.temporal.workflow.getHandle(workflowId).query(digestPendingQuery);

/** A negative review mailed at once and a positive one held for the hourly digest; a short "hour" that sends it. */
const notifications: Scenario = {
  types: ['reviewNotifications'],
  async run(ctx) {
    // started by the first review's ReviewCreated listener, with the real hour
    const { domain, productId } = await ctx.shop({ email: email('owner') });
    await ctx.review(domain, productId, { rating: 1, email: email('unhappy'), content: 'The parcel arrived broken, twice.' });
    const shopDigest = await ctx.rec.find('reviewNotifications', domain);
    await ctx.rec.settled(shopDigest);
    await ctx.review(domain, productId, { rating: 5, email: email('happy'), content: 'Lovely, works perfectly every day.' });
    await ctx.rec.waiting('negative-mailed-positive-pending', shopDigest, async () => (await pendingDigest(ctx, shopDigest.workflowId)).length === 1);

    // started ahead with a 3-second digest interval, as the plugin's test does
    const owner = email('owner');
    const fast = await ctx.shop({ email: owner });
    const handle = await ctx.start('reviewNotifications', `review-notifications:${fast.domain}`, [
      { shopId: fast.shop.id, shopDomain: fast.domain, digestEveryMs: 3_000, lastDigestAt: Date.now() },
    ]);
    await ctx.review(fast.domain, fast.productId, { rating: 5, email: email('happy'), content: 'Great colour, sturdy handle.' });
    await ctx.rec.waiting('digest-sent', handle, async () => ctx.mailTo(owner).length === 1 && (await pendingDigest(ctx, handle.workflowId)).length === 0);
  },
};

/** The confirm-edit email and the reply email of a customer's review on a Pro shop. */
const reviewMails: Scenario = {
  types: ['reviewsEditRequest', 'reviewsReplyEmail'],
  async run(ctx) {
    const { domain, productId, http } = await ctx.shop({ plan: 'pro' });
    const edited = await ctx.review(domain, productId, { rating: 3, email: email('editor') });
    if ((await http.post(`/api/reviews/${edited}/request-edit`)).status !== 200) throw new Error('edit request refused');
    await ctx.rec.ended('sent', await ctx.rec.find('reviewsEditRequest', `${domain}:${edited}`));
    const replied = await ctx.review(domain, productId, { rating: 4, email: email('replied') });
    if ((await http.post(`/api/reviews/${replied}/reply`, { content: 'Thank you, enjoy it!' })).status !== 200) throw new Error('reply refused');
    await ctx.rec.ended('sent-after-settling', await ctx.rec.find('reviewsReplyEmail', `${domain}:${replied}`));
  },
};

/** The schedules' runs, started here by type name: held reviews published and the trash purged; ratings pushed to the store. */
const upkeep: Scenario = {
  types: ['reviewsMaintenance', 'reviewsRatingSync'],
  async run(ctx) {
    await ctx.rec.ended('hourly', await ctx.start('reviewsMaintenance', uniq('reviews-maintenance'), [{}]));
    const { domain, productId } = await ctx.shop();
    await ctx.review(domain, productId, { rating: 5, email: email('rated') });
    await ctx.rec.ended('ratings-changed', await ctx.start('reviewsRatingSync', uniq('reviews-rating-sync')));
  },
};

async function shopWithRewards(ctx: Context, settings: Record<string, unknown> = {}) {
  const s = await ctx.shop();
  const res = await s.http.put('/api/discounts/settings', {
    enableDiscount: true,
    timeUnit: 'second',
    expireDiscount: 30,
    sendBefore: 10,
    charactersRequired: 20,
    ...settings,
  });
  if (res.status !== 200) throw new Error(`reward settings: ${res.status} ${JSON.stringify(res.body)}`);
  return s;
}

/** Rewards counted in seconds (a 30-second code, reminded 10 s before it expires). */
const rewards: Scenario = {
  types: ['rewardReview'],
  async run(ctx) {
    const { domain, productId, productHandle } = await shopWithRewards(ctx);
    const rewardOf = (reviewId: number) => ctx.rec.find('rewardReview', `${domain}:${reviewId}`);
    const emails = { short: email('short'), used: email('used'), unused: email('unused'), topUp: email('topup') };
    const short = await ctx.review(domain, productId, { rating: 5, email: emails.short, content: 'Great!' });
    const used = await ctx.review(domain, productId, { rating: 5, email: emails.used, content: 'Lovely, works perfectly every day.' });
    const unused = await ctx.review(domain, productId, { rating: 1, email: emails.unused, content: 'Broke after a week, disappointing.' });
    const topUp = await ctx.review(domain, productId, { rating: 2, email: emails.topUp, content: 'Too small for me, but well made.' });
    await ctx.rec.ended('too-short', await rewardOf(short));

    // the code used at once (well before its reminder)
    const code = await until(
      'the reward mail',
      async () =>
        /REVIEW-[A-Z2-9]{8}/.exec(
          ctx
            .mailTo(emails.used)
            .map((m) => ctx.rawMail(m))
            .join(''),
        )?.[0],
    );
    await ctx.order(domain, { discountCode: code, productHandles: [productHandle] });
    // photos added to the text review: the code is replaced by the photo code
    const topUpRun = await rewardOf(topUp);
    await ctx.rec.settled(topUpRun, async () => ctx.mailTo(emails.topUp).length === 1);
    const collect = ctx.stack.api.runtime.services.capabilities.require(ReviewWrite);
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(productPng('#aa3366', 64))], { type: 'image/png' }), 'p.png');
    const added = await fetch(collect.photoUrl({ shopDomain: domain, reviewId: topUp, expiresInDays: 7 }), { method: 'POST', body: form });
    if (added.status !== 200) throw new Error(`photos not added: ${added.status}`);

    await ctx.rec.ended('used-no-reminder', await rewardOf(used));
    await ctx.rec.ended('reminded-expired', await rewardOf(unused));
    await ctx.rec.ended('topped-up-with-photos', topUpRun);

    // sent on publication: a review held for moderation waits
    const held = await shopWithRewards(ctx, { sendingMethod: 'published' });
    await held.http.put('/api/reviews/settings', { autoPublish: 'hold' });
    const pending = await ctx.review(held.domain, held.productId, { rating: 4, email: email('held'), content: 'Nice weight, the glaze is even.' });
    await ctx.rec.waiting('held-for-moderation', await ctx.rec.find('rewardReview', `${held.domain}:${pending}`));
  },
};

export const reviewScenarios = { notifications, reviewMails, upkeep, rewards };
