// The email-marketing sender apps a merchant may pick in the request settings (SenderApp, @plaudit/contracts/email-marketing):
// which is installed and whether the shop is connected to it; and the settings' check that the
// picked one is.
import Router from '@koa/router';
import type { ApiServices, AppState, Capabilities } from '@plaudit/kernel';
import { requestSettings, type RequestSettings } from '../shared/request-settings';
import { SenderApp } from '@plaudit/contracts/email-marketing';
import { SENDER_NOT_CONNECTED } from '../shared/sender-app';

/** The request settings as sent, refused when they name a sender app the shop is not connected to. */
export async function parseRequestSettings(capabilities: Capabilities, shopId: number, body: unknown): Promise<RequestSettings> {
  return requestSettings
    .superRefine(async (s, ctx) => {
      if (!s.senderApp) return;
      const sender = capabilities.get(SenderApp);
      if (!sender || sender.app !== s.senderApp || !(await sender.connected(shopId)))
        ctx.addIssue({ code: 'custom', path: ['senderApp'], message: SENDER_NOT_CONNECTED });
    })
    .parseAsync(body);
}

export function senderAppRoutes(services: ApiServices) {
  const router = new Router<AppState>();
  // none without a plugin that sends requests; the settings screen then shows no choice
  router.get('/email/sender-apps', async (ctx) => {
    const sender = services.capabilities.get(SenderApp);
    const data = sender ? [{ app: sender.app, label: sender.label, connected: await sender.connected(ctx.state.tenant.shopId) }] : [];
    ctx.body = { success: true, data };
  });
  return router;
}
