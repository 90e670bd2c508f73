// The store-links plugin's workflow (plugins/store-links): a link between two shops waiting after its
// full pass copied each shop's review to the other, then after a new review's change, then unlinked
// (its copies removed, the run completed).
import { linkSyncStateQuery } from '../../../plugins/store-links/workflows/messages';
import type { Context, Scenario } from './context';

async function merchantReview(http: Awaited<ReturnType<Context['shop']>>['http'], productId: string, content: string) {
  const res = await http.post('/api/reviews', { rating: 5, content, productId, firstName: 'Sam', status: 'published' });
  if (res.status !== 201) throw new Error(`review: ${res.status} ${JSON.stringify(res.body)}`);
}

const linked: Scenario = {
  types: ['storeLinkSync'],
  async run(ctx) {
    // two shops seeded alike: their products share SKUs
    const [a, b] = [await ctx.shop(), await ctx.shop()];
    await merchantReview(a.http, a.productId, 'Lovely linen, made in France.');
    await merchantReview(b.http, b.productId, 'Schönes Leinen.');
    const code = (await a.http.post('/api/store-links/code')).body.code;
    const joined = await b.http.post('/api/store-links', { code });
    if (joined.status !== 201) throw new Error(`link: ${joined.status} ${JSON.stringify(joined.body)}`);
    const run = await ctx.rec.get(`store-link:${joined.body.linkKey}`);
    const received = async () => (await b.http.get('/api/store-links')).body.links[0]?.received ?? 0;
    const waitingWith = (n: number) => async () => (await run.query(linkSyncStateQuery)).phase === 'waiting' && (await received()) === n;
    await ctx.rec.waiting('copied', run, waitingWith(1));
    await merchantReview(a.http, a.productId, 'Second order, same quality.');
    await ctx.rec.waiting('change-copied', run, waitingWith(2));
    const unlinked = await b.http.delete(`/api/store-links/${joined.body.links[0].id}`);
    if (unlinked.status !== 202) throw new Error(`unlink: ${unlinked.status} ${JSON.stringify(unlinked.body)}`);
    await ctx.rec.ended('unlinked', run);
  },
};

export const storeLinkScenarios = { storeLinkSync: linked };
