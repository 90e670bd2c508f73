// The shop's messaging providers (the kernel's integration routes: credentials checked with one real
// call, then sealed) and its quiet hours:
//   GET|PUT|DELETE /api/integrations/twilio           Account SID, Auth Token, SMS sender, WhatsApp sender + Content SID
//   GET|PUT|DELETE /api/integrations/whatsapp-cloud   phone number ID, access token, app secret, verify token, template name
//   GET|PUT /api/messaging/settings                   { quietHours: { start, end } | null }
// and the providers' webhooks (webhooks.ts).
import Router from '@koa/router';
import { CredentialsRefused, defineApiPlugin, integrationRoutes, type ApiServices, type AppState } from '@plaudit/kernel';
import { messagingSettings, messagingSettingsOf } from '../db/settings';
import { twilioClient, twilioCredentials } from '../shared/twilio';
import { whatsappClient, whatsappCredentials } from '../shared/whatsapp-cloud';
import { webhookRoutes } from './webhooks';

/** 401/403/404 from the vendor: the key or the id is wrong; anything else unexpected is a 502 (integrationRoutes). */
async function checked(label: string, call: () => Promise<Response>) {
  const res = await call().catch(() => {
    throw new CredentialsRefused(`${label} could not be reached`);
  });
  if ([400, 401, 403, 404].includes(res.status)) throw new CredentialsRefused(`${label} refused the credentials (${res.status})`);
  if (!res.ok) throw new Error(`${label} answered ${res.status} to the credentials check`);
}

function routes(services: ApiServices) {
  const router = new Router<AppState>();
  const twilio = integrationRoutes(services, {
    app: 'twilio',
    label: 'Twilio',
    credentials: twilioCredentials,
    verify: (c) => checked('Twilio', () => twilioClient(services.config, c).account()),
  });
  const whatsapp = integrationRoutes(services, {
    app: 'whatsapp-cloud',
    label: 'WhatsApp Cloud API',
    credentials: whatsappCredentials,
    verify: (c) => checked('WhatsApp Cloud API', () => whatsappClient(services.config, c).phoneNumber()),
  });
  router.use(twilio.routes(), whatsapp.routes());
  const settingsOf = messagingSettingsOf(services.settings);
  router.get('/messaging/settings', async (ctx) => {
    ctx.body = { success: true, data: await settingsOf.get(ctx.state.auth.shopId) };
  });
  router.put('/messaging/settings', async (ctx) => {
    ctx.body = { success: true, data: await settingsOf.update(ctx.state.auth.shopId, messagingSettings.parse(ctx.request.body ?? {})) };
  });
  return router;
}

export default defineApiPlugin({ id: 'messaging', routes, publicRoutes: webhookRoutes });
