// The email-marketing sender apps a merchant may pick in the request settings (SenderApp, @plaudit/contracts/email-marketing):
// which is installed and whether the shop is connected to it; and the settings' check that the
// picked one is. Issue 32: likewise the request channels (email, SMS, WhatsApp through the Messaging capability).
import Router from '@koa/router';
import type { ApiServices, AppState, Capabilities } from '@plaudit/kernel';
import { z } from 'zod';
import { SenderApp } from '@plaudit/contracts/email-marketing';
import { Messaging, type RequestChannel } from '@plaudit/contracts/messaging';
import { requestSettingsInput, valueIssues } from '../shared/request-settings';
import { SENDER_NOT_CONNECTED } from '../shared/sender-app';
import { channelOrder } from '../db/settings';

// issue 32: the channel order is saved with the rest of the request settings
const settingsInput = requestSettingsInput.extend({ channels: channelOrder.optional() });
type RequestSettingsInput = z.infer<typeof settingsInput>;

/**
 * The request settings as sent: shape and value errors in one answer (section 5's rules run beside
 * the shape's), and refused when they name a sender app the shop is not connected to.
 * The alternative schedule may be left out unless the trigger is delivery with a custom time.
 */
export async function parseRequestSettings(capabilities: Capabilities, shopId: number, body: unknown): Promise<RequestSettingsInput> {
  const shape = settingsInput.safeParse(body);
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
  // the request channels the settings screen offers (issue 32): email, and the text channels when the
  // messaging plugin is installed, each with whether the shop connected a provider for it
  router.get('/email/channels', async (ctx) => {
    const messaging = services.capabilities.get(Messaging);
    const connected: RequestChannel[] = ['email', ...((await messaging?.channels(ctx.state.tenant.shopId)) ?? [])];
    const offered: RequestChannel[] = messaging ? ['email', 'sms', 'whatsapp'] : ['email'];
    ctx.body = { success: true, data: offered.map((channel) => ({ channel, connected: connected.includes(channel) })) };
  });
  return router;
}
