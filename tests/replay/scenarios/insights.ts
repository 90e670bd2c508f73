// The insights plugin's workflows (plugins/insights): a shop's batching workflow waiting after it
// read a new review, its edit and its deletion, one batch each; and a shop's full rebuild, completed.
import { rebuildProgressQuery, shopBatchesQuery } from '../../../plugins/insights/workflows/messages';
import { email, type Scenario } from './context';

const shopBatches: Scenario = {
  types: ['insightsShop'],
  async run(ctx) {
    const { domain, productId, http } = await ctx.shop({ plan: 'advanced' });
    // the merchant's own review (a customer's may not be edited without the customer)
    const created = await http.post('/api/reviews', {
      rating: 5,
      content: 'Great sound and the battery lasts for days.',
      productId,
      firstName: 'Sam',
      status: 'published',
    });
    if (created.status !== 201) throw new Error(`review: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.id as number;
    const shop = await ctx.rec.find('insightsShop', domain);
    const batches = async () => (await shop.query(shopBatchesQuery)).batches;
    await ctx.rec.settled(shop, async () => (await batches()) === 1);
    const edited = await http.put(`/api/reviews/${id}`, { content: 'Great sound, but the battery died after a week.' });
    if (edited.status !== 200) throw new Error(`review edit: ${edited.status} ${JSON.stringify(edited.body)}`);
    await ctx.rec.settled(shop, async () => (await batches()) === 2);
    const deleted = await http.delete(`/api/reviews/${id}`);
    if (deleted.status !== 200) throw new Error(`review delete: ${deleted.status} ${JSON.stringify(deleted.body)}`);
    await ctx.rec.waiting('read-edited-deleted', shop, async () => (await batches()) === 3);
  },
};

const rebuild: Scenario = {
  types: ['insightsRebuild'],
  async run(ctx) {
    const { domain, productId, http } = await ctx.shop();
    for (const content of ['Fits true to size, lovely fabric.', 'Zu klein, aber der Stoff ist schön.'])
      await ctx.review(domain, productId, { rating: 4, email: email('rebuild'), content });
    const started = await http.post('/api/insights/rebuild');
    if (started.status !== 202) throw new Error(`rebuild: ${started.status} ${JSON.stringify(started.body)}`);
    const run = await ctx.rec.find('insightsRebuild', domain);
    await ctx.rec.ended('completed', run);
    const { state, read } = await run.query(rebuildProgressQuery);
    if (state !== 'completed' || read !== 2) throw new Error(`rebuild ended ${state} with ${read} reviews read`);
  },
};

export const insightsScenarios = { insightsShop: shopBatches, insightsRebuild: rebuild };
