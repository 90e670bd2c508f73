// The general settings API behind /settings/general: each bad value gets a 400 naming the field with
// spec section 5's message and changes nothing; the read says whether deletes use the recycle bin.
import { startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { shopOn } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

test('bad values: 400 with the spec message per field, nothing saved', async () => {
  const { http } = await shopOn(api, 'pro');
  const before = (await http.get('/api/reviews/settings')).body.data;
  const bad = await http.put('/api/reviews/settings', {
    autoPublish: 'positive-only',
    autoPublishHeldAfterDays: 400,
    trashRetentionDays: 7,
    customerEligibility: 'vip',
    richSnippets: 'yes',
    ugcDisplay: 1,
    receiverNewReview: 'not-an-email',
    negativeThreshold: 0,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual({
    autoPublish: 'The value is invalid',
    autoPublishHeldAfterDays: 'Number needs to be between equal 1 and 365',
    trashRetentionDays: 'The value is invalid',
    customerEligibility: 'The value is invalid',
    richSnippets: 'The value is invalid',
    ugcDisplay: 'The value is invalid',
    receiverNewReview: 'Invalid email',
    negativeThreshold: 'Number needs to be between equal 1 and 5',
  });
  expect((await http.put('/api/reviews/settings', { autoPublishHeldAfterDays: 2.5 })).body.errors).toEqual({
    autoPublishHeldAfterDays: 'Number needs to be between equal 1 and 365',
  });
  expect((await http.get('/api/reviews/settings')).body.data).toEqual(before);
});

test('every field saves and reads back; the plan says whether the recycle bin applies', async () => {
  const pro = await shopOn(api, 'pro');
  const all = {
    autoPublish: 'hold',
    autoPublishHeldAfterDays: 30,
    trashRetentionDays: 15,
    customerEligibility: 'buyers',
    richSnippets: false,
    ugcDisplay: false,
    enabledEmailNewReview: false,
    enabledEmailNegativeReview: true,
    receiverNewReview: 'team@example.com',
    receiverNegativeReview: 'care@example.com',
    negativeThreshold: 2,
  };
  expect((await pro.http.put('/api/reviews/settings', all)).status).toBe(200);
  const read = (await pro.http.get('/api/reviews/settings')).body;
  expect(read.data).toEqual(all);
  expect(read.plan).toEqual({ recycleBin: true, recycleBinTier: 'base' });
  const free = await shopOn(api, 'free-legacy');
  expect((await free.http.get('/api/reviews/settings')).body.plan).toEqual({ recycleBin: false, recycleBinTier: 'base' });
});
