// The email-marketing sender apps a merchant may pick in the request settings (SenderApp, @plaudit/contracts/email-marketing):
// which is installed and whether the shop is connected to it; and the settings' check that the
// picked one is.
import Router from '@koa/router';
import type { ApiServices, AppState, Capabilities } from '@plaudit/kernel';
import { z } from 'zod';
import { requestSettingsInput, valueIssues } from '../shared/request-settings';

type RequestSettingsInput = z.infer<typeof requestSettingsInput>;
import { SenderApp } from '@plaudit/contracts/email-marketing';
import { SENDER_NOT_CONNECTED } from '../shared/sender-app';

/**
 * The request settings as sent: shape and value errors in one answer (section 5's rules run beside
 * the shape's), and refused when they name a sender app the shop is not connected to.
 * The alternative schedule may be left out unless the trigger is delivery with a custom time.
 */
export async function parseRequestSettings(capabilities: Capabilities, shopId: number, body: unknown): Promise<RequestSettingsInput> {
  const shape = requestSettingsInput.safeParse(body);
  const wrongShape = shape.success ? [] : shape.error.issues;
  const issues: z.core.$ZodIssue[] = [...wrongShape, ...valueIssues(body)];
  const senderApp = shape.success ? shape.data.senderApp : undefined;
  if (senderApp) {
    const sender = capabilities.get(SenderApp);
    if (!sender || sender.app !== senderApp || !(await sender.connected(shopId)))
      issues.push({ code: 'custom', path: ['senderApp'], message: SENDER_NOT_CONNECTED, input: senderApp });
  }
  if (issues.length || !shape.success) throw new z.ZodError(issues);
  return shape.data;
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
