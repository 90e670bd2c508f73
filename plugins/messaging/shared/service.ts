// The Messaging capability (@plaudit/contracts/messaging): a request message on a channel, through the
// provider the shop connected for it, after the checks every channel shares: a number the provider
// can take, no STOP from it, the customer's SMS marketing consent, and the shop's quiet hours in the
// customer's local time. A repeated key answers the recorded message: a retried activity sends once.
import { type KernelServices, mailIntegrationRevoked } from '@plaudit/kernel';
import type { MessageChannel, MessagingApi, RequestMessage, SendVerdict } from '@plaudit/contracts/messaging';
import { isOptedOut, messageByKey, recordMessage } from '../db/store';
import { messagingSettingsOf } from '../db/settings';
import { toE164 } from './phone';
import { customerZones, quietUntil } from './quiet-hours';
import type { Provider, ProviderAnswer } from './provider';
import { applyEarlyReceipts } from './receipts';
import { twilioProvider } from './twilio';
import { whatsappCloudProvider } from './whatsapp-cloud';

type Deps = Pick<KernelServices, 'config' | 'integrations' | 'settings' | 'shops' | 'tenant' | 'log' | 'events' | 'knex' | 'i18n' | 'mail'>;

/** The providers in the order they are preferred for a channel: WhatsApp through Meta first, then Twilio. */
export const providers = (deps: Pick<Deps, 'config'>): Provider<any>[] => [whatsappCloudProvider(deps.config), twilioProvider(deps.config)];

/** Where a provider POSTs a message's receipts: our public route for the shop. */
export const statusCallbackUrl = (appUrl: string, provider: string, shopDomain: string) => `${appUrl}/messaging/${provider}/status/${shopDomain}`;

/** The shop's connected provider for a channel, with its credentials. */
async function providerFor(deps: Deps, shopId: number, channel: MessageChannel) {
  for (const provider of providers(deps)) {
    const credentials = await deps.integrations.credentials<object>(shopId, provider.app);
    if (credentials && provider.channels(credentials).includes(channel)) return { provider, credentials };
  }
  return undefined;
}

/**
 * The provider refused the shop's credentials themselves: the integration is disconnected with its
 * answer, and the one call that disconnected it tells the merchant. The mail is best effort: the
 * messaging screen shows the disconnection and its reason either way.
 */
async function disconnectRevoked(deps: Deps, shopId: number, provider: Provider<object>, detail: string) {
  if (!(await deps.integrations.revoked(shopId, provider.app, detail))) return;
  deps.log.warn({ shopId, provider: provider.app, detail }, 'messaging provider refused the credentials: disconnected');
  const mail = { shopId, app: provider.app, label: provider.label, namespace: 'messaging', screen: '/settings/integration/messaging' };
  await mailIntegrationRevoked(deps, mail).catch((err: Error) => deps.log.warn({ shopId, err: err.message }, 'disconnection mail not sent'));
}

/**
 * The message through the channel's provider; one that refuses the shop's credentials is disconnected
 * and the channel's next provider, if any, takes the message.
 */
async function sendThrough(deps: Deps, m: RequestMessage, to: string, first: { provider: Provider<object>; credentials: object }) {
  for (let chosen = first; ; ) {
    const { provider } = chosen;
    const answer: ProviderAnswer = await provider.send(chosen.credentials, {
      channel: m.channel,
      to,
      text: m.text,
      template: m.template,
      locale: m.locale,
      statusCallback: statusCallbackUrl(deps.config.appUrl, provider.app, m.shopDomain),
    });
    if (answer.ok || !answer.revoked) return { provider, answer };
    await disconnectRevoked(deps, m.shopId, provider, answer.detail);
    const next = await providerFor(deps, m.shopId, m.channel);
    if (!next) return { provider, answer: { ...answer, refusal: 'not_connected' as const } };
    chosen = next;
  }
}

const refused = (refusal: Exclude<SendVerdict, { sent: true }>['refusal'], detail: string, retryAt?: string): SendVerdict => ({
  sent: false,
  refusal,
  detail,
  ...(retryAt ? { retryAt } : {}),
});

export function messaging(deps: Deps): MessagingApi {
  return {
    async channels(shopId) {
      const found = new Set<MessageChannel>();
      for (const provider of providers(deps)) {
        const credentials = await deps.integrations.credentials<object>(shopId, provider.app);
        if (credentials) for (const c of provider.channels(credentials)) found.add(c);
      }
      return [...found];
    },

    async send(m: RequestMessage) {
      const tenant = deps.tenant(m.shopId, m.shopDomain);
      const recorded = await messageByKey(tenant, m.key);
      if (recorded) return { sent: true, provider: recorded.provider, messageId: recorded.providerMessageId, segments: recorded.segments };
      const chosen = await providerFor(deps, m.shopId, m.channel);
      if (!chosen) return refused('not_connected', `No provider connected for ${m.channel}`);
      const to = toE164(m.phone, m.country);
      if (!to) return refused('invalid_number', 'Not a valid phone number');
      if (await isOptedOut(tenant, to)) return refused('opted_out', 'The customer replied STOP');
      // Shopify's SMS marketing consent, for WhatsApp too (the order carries no other consent to message that number)
      if (m.consent !== 'subscribed') return refused('no_consent', `SMS marketing consent: ${m.consent ?? 'none'}`);
      const { quietHours } = await messagingSettingsOf(deps.settings).get(m.shopId);
      const shopZone = (await deps.shops.get(m.shopId))?.timezone ?? 'UTC';
      const wait = quietUntil(new Date(), customerZones(m.country, shopZone), quietHours);
      if (wait) return refused('quiet_hours', `Quiet hours for the customer until ${wait.toISOString()}`, wait.toISOString());

      const { provider, answer } = await sendThrough(deps, m, to, chosen);
      if (!answer.ok) return refused(answer.refusal, answer.detail);
      const stored = {
        key: m.key,
        reference: m.reference,
        channel: m.channel,
        provider: provider.app,
        providerMessageId: answer.messageId,
        phone: to,
        segments: answer.segments,
      };
      await recordMessage(tenant, stored);
      // receipts that came back before this record (shared/receipts.ts)
      await applyEarlyReceipts(deps, tenant, { ...stored, status: 'sent' });
      deps.log.info({ shop: m.shopDomain, channel: m.channel, provider: provider.app, message: answer.messageId }, 'request message sent');
      return { sent: true, provider: provider.app, messageId: answer.messageId, segments: answer.segments };
    },
  };
}
