// Defaults that fail closed: without DEV_ZONE and off the emulator a shop cannot use the developer
// zone (it would set its own plan); a merchant's email template cannot read files of the app
// (`{% render %}` / `{% include %}` are refused on save and in previews, and fail at send time
// instead of leaking a file into the mail).
import fs from 'node:fs';
import path from 'node:path';
import { Liquid } from 'liquidjs';
import { ROOT } from '../../api/runtime/stack';
import { emailLiquid } from '../../api/mail/liquid';
import { client, createShop, startTestApi, type TestApi } from '../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(); // NODE_ENV=test, no DEV_ZONE, no emulator
});
afterAll(() => api.close());

test('the developer zone is refused to a normal shop without DEV_ZONE or the emulator, and nothing changes', async () => {
  const { shop, token } = await createShop(api, { shopifyPlan: 'basic' });
  const http = client(api.url, token);
  const res = await http.put('/api/dev_zone?type=skip-update-state', { dataUpdate: { plan: 'enterprise' } });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 'DEV_ZONE_FORBIDDEN' });
  expect((await http.get('/api/dev_zone/mail')).status).toBe(403);
  expect((await api.knex('shops').where({ id: shop.id }).first()).plan).toBe('free');
});

describe('merchant email templates read no files', () => {
  // A file of the app every run has; on embedded defaults .data/encryption.key sits next to it.
  const secretFile = 'package.json';
  const secret = JSON.parse(fs.readFileSync(path.join(ROOT, secretFile), 'utf8')).description as string;
  const attempts = [
    `{% render '../../.data/encryption.key' %}`,
    `{% render '${secretFile}' %}`,
    `{% include '${secretFile}' %}`,
    `{% layout '${secretFile}' %}`,
  ];

  test('the engine the app used before would have leaked the file (the check below can fail)', async () => {
    expect(await new Liquid({ root: [ROOT] }).parseAndRender(`{% render '${secretFile}' %}`)).toContain(secret);
  });

  test.each(attempts)('%s is refused on save with a clear message, and in the preview', async (content) => {
    const { token } = await createShop(api, { plan: 'enterprise' });
    const http = client(api.url, token);
    for (const type of ['review-reply', 'confirm-edit']) {
      const saved = await http.put(`/api/email-templates/${type}`, { content });
      expect(saved.status).toBe(400);
      expect(saved.body.errors.content).toMatch(/the (render|include|layout) tag is not available in emails/);
      const preview = await http.post(`/api/email-templates/${type}/preview`, { template: { content } });
      expect(preview.status).toBe(400);
      expect(JSON.stringify(preview.body)).not.toContain(secret);
    }
  });

  test.each(attempts)("%s stored behind the editor's back fails the send, never mails the file", async (content) => {
    // the engine every merchant-editable email renders through at send time
    const model = { customer_first_name: 'Ann', shop_name: 'Shop', reply_content: 'Thanks' };
    for (const escapeHtml of [true, false])
      await expect(emailLiquid(escapeHtml).parseAndRender(content, model)).rejects.toThrow(/tag is not available in emails/);
  });
});
