// GET /api/email and POST /api/emails as section 5 and 7 have them (issue 37): an unknown type is a
// 400; the alternative schedule is required only for delivery with a custom time; a body with shape
// errors and value errors gets them all in one answer.
import { client, createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const shop = async () => client(api.url, (await createShop(api)).token);

test('GET /email?type= answers the known types and refuses any other with a 400', async () => {
  const http = await shop();
  const bogus = await http.get('/api/email?type=bogus');
  expect(bogus.status).toBe(400);
  expect(bogus.body.errors).toEqual({ type: 'The value is invalid' });
  expect((await http.get('/api/email?type=review-reminder')).status).toBe(200);
  expect((await http.get('/api/email?type=request')).status).toBe(200);
  expect((await http.get('/api/email')).status).toBe(200);
});

test('POST /emails needs the alternative schedule only for delivery with a custom time', async () => {
  const http = await shop();
  const base = { sendAfter: 3 * 86_400, sendAfterCustom: 7, timeUnit: 'day', isCustomTiming: false, timingCountries: [], isRequestSetting: true };
  // fulfillment, and delivery with a preset delay: no alternative schedule needed, the stored one stays
  expect((await http.post('/api/emails', { ...base, sendMethod: 'fulfillment' })).status).toBe(200);
  expect((await http.post('/api/emails', { ...base, sendMethod: 'delivery' })).status).toBe(200);
  expect((await http.get('/api/email')).body.data).toMatchObject({ sendMethod: 'delivery', alternativeSendAfter: 14, alternativeUnit: 'day' });
  // delivery with a custom time: required
  const custom = await http.post('/api/emails', { ...base, sendMethod: 'delivery', sendAfter: 'custom' });
  expect(custom.status).toBe(400);
  expect(custom.body.errors).toEqual({ alternativeSendAfter: 'This field is required', alternativeUnit: 'This field is required' });
  expect(
    (await http.post('/api/emails', { ...base, sendMethod: 'delivery', sendAfter: 'custom', alternativeSendAfter: 10, alternativeUnit: 'hour' })).status,
  ).toBe(200);
  expect((await http.get('/api/email')).body.data).toMatchObject({ sendAfter: 'custom', alternativeSendAfter: 10, alternativeUnit: 'hour' });
});

test('POST /emails reports shape errors and value errors together', async () => {
  const http = await shop();
  const res = await http.post('/api/emails', {
    sendAfter: 'custom',
    sendAfterCustom: 400, // a value error: more than 365 days
    timeUnit: 'day',
    sendMethod: 'by-pigeon', // a shape error
    isCustomTiming: true,
    timingCountries: [{ priority: 1, sendAfterCustom: 9000, timeUnit: 'hour', selectedCountries: [] }],
  });
  expect(res.status).toBe(400);
  expect(res.body.errors).toMatchObject({
    sendMethod: expect.any(String),
    sendAfterCustom: 'Number needs to be between equal 1 and 365',
    'timingCountries.0.sendAfterCustom': 'Number needs to be between equal 1 and 8760',
    'timingCountries.0.selectedCountries': 'This field is required',
  });
});
