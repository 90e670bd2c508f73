// The move of the merchants' confirm-edit and reply templates from the old 'email-templates' rows to
// the kernel's template registry (migration 20261211090000): copied when review-requests' migration
// did not, reduced to what the merchant changed (so untouched texts follow the customer's language),
// and the old row deleted unless it still holds another plugin's edits that plugin has not copied.
import { createShop, startTestApi, type TestApi } from '@plaudit/kernel/testing';
import { up } from '../migrations/20261211090000_email_templates_registry';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

// what the old editor stored: whole templates, its English defaults included
const OLD_REPLY = {
  enabled: true,
  buttonColor: '#303030',
  buttonTextColor: '#ffffff',
  secondaryButton: null,
  customCss: '',
  subject: '{{ shop_name }} replied to your review',
  content:
    '<h1 style="margin:0;font-size:22px">{{ shop_name }} replied to your review</h1>\n' +
    '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>\n' +
    '<p style="font-size:15px;line-height:1.5">{{ reply_content }}</p>',
  buttonText: 'See the review',
};
const OLD_CONFIRM = {
  ...OLD_REPLY,
  subject: '{{ shop_name }} asks you to update your review',
  content:
    '<h1 style="margin:0;font-size:22px">Would you like to update your review?</h1>\n' +
    '<p style="font-size:15px;line-height:1.5">{{ shop_name }} invites you to edit your review of {{ product_title }}:</p>\n' +
    '<p style="font-size:15px;line-height:1.5;color:#6d7175">“{{ review_content }}”</p>',
  buttonText: 'Edit my review',
  denyButtonText: 'No, thanks',
};
const REMINDER = { subject: 'Rate {{ order_name }}' };

const row = async (shopId: number, namespace: string) => (await api.knex('settings').where({ shopId, namespace }).first())?.value;
const store = (shopId: number, namespace: string, value: unknown) => api.knex('settings').insert({ shopId, namespace, value: JSON.stringify(value) });

test('old rows move to the registry as edits; the old row goes once nothing else needs it', async () => {
  const shops = await Promise.all([1, 2, 3].map(() => createShop(api).then((s) => s.shop.id as number)));
  const [alone, copied, reviewsOnly] = shops;
  // review-requests' copy never ran for this shop: the old row also holds its reminder
  await store(alone, 'email-templates', {
    reviewReply: { ...OLD_REPLY, subject: 'A word from {{ shop_name }}', buttonColor: '#aa0000' },
    confirmEdit: OLD_CONFIRM,
    reviewReminder: REMINDER,
  });
  // review-requests' migration copied this one already, whole, under the registry's ids
  await store(copied, 'email-templates', { reviewReply: { ...OLD_REPLY, enabled: false }, reviewReminder: REMINDER });
  await store(copied, 'kernel.email-templates', { 'reviews.reviewReply': { ...OLD_REPLY, enabled: false }, 'review-requests.reviewReminder': REMINDER });
  await store(reviewsOnly, 'email-templates', { confirmEdit: { ...OLD_CONFIRM, denyButtonText: 'Leave it' } });

  await up(api.knex);

  expect(await row(alone, 'kernel.email-templates')).toEqual({ 'reviews.reviewReply': { subject: 'A word from {{ shop_name }}', buttonColor: '#aa0000' } });
  expect(await row(alone, 'email-templates')).toBeDefined(); // the reminder is review-requests' to copy
  expect(await row(copied, 'kernel.email-templates')).toEqual({ 'reviews.reviewReply': { enabled: false }, 'review-requests.reviewReminder': REMINDER });
  expect(await row(copied, 'email-templates')).toBeUndefined();
  expect(await row(reviewsOnly, 'kernel.email-templates')).toEqual({ 'reviews.confirmEdit': { denyButtonText: 'Leave it' } });
  expect(await row(reviewsOnly, 'email-templates')).toBeUndefined();

  // what the merchant wrote is sent as written; what they did not touch follows the customer's language
  const { templates } = api.runtime.services.mail;
  const model = {
    shop_name: 'Laden',
    customer_first_name: 'Anna',
    review_content: 'Gut',
    reply_content: 'Danke',
    review_rating: 5,
    review_url: 'https://shop.example',
  };
  const german = await templates.render(alone, 'reviews.reviewReply', model, 'de');
  expect(german.subject).toBe('A word from Laden');
  expect(german.contentHtml).toContain('Hallo Anna,');
  expect(german.buttons?.[0]).toMatchObject({ background: '#aa0000' });
  expect((await templates.get(copied, 'reviews.reviewReply', 'en')).enabled).toBe(false);
});
