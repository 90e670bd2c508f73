// Email settings (spec section 3): GET /api/settings/emailSetting, the save (PUT on the same path),
// the sender-email verification (a signed link mailed to the address) and the custom SMTP
// verification (nodemailer verify() against the merchant's server). The SMTP password is sealed at
// rest and never sent back.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import type { Knex } from 'knex';
import type { AppState } from '../../../api/http/types';
import type { ApiServices } from '../../../api/plugins/types';
import { linkKey, signLink, verifyLink } from '../../../api/signed-links';
import { Shop } from '../../../api/shops/shop.model';
import { emailSettingsInput, smtpInput, type EmailSettingsView } from '../shared/email-settings';
import { MESSAGES } from '../shared/templates';
import { loadSettings } from '../activities/settings';
import {
  effectiveFrom, isSenderVerified, loadEmailSettings, openPassword, sealPassword, SmtpHostRefused, storeEmailSettings, verifySmtp,
  type StoredEmailSettings,
} from '../activities/sender';
import { releaseSend, reserveSend, sendsLeft, runSettingsMail } from './settings-mail';

const VERIFY_LINK_DAYS = 3;
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The shop notifications belong to the reviews plugin (namespace 'reviews'); shown here, saved there.
const NOTIFICATION_DEFAULTS = { enabledEmailNewReview: true, enabledEmailNegativeReview: true, receiverNewReview: null, receiverNegativeReview: null, negativeThreshold: 4 };

async function notificationSettings(knex: Knex, shopId: number) {
  // tenancy: scoped by the given shop id
  const row = await knex('settings').where({ shopId, namespace: 'reviews' }).first('value');
  const stored = (row?.value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(NOTIFICATION_DEFAULTS).map(([k, v]) => [k, stored[k] ?? v])) as typeof NOTIFICATION_DEFAULTS;
}

export async function emailSettingsView({ knex, config }: ApiServices, shopId: number): Promise<EmailSettingsView> {
  const s = await loadEmailSettings(knex, shopId);
  // tenancy: the tenant's own sent requests
  const [{ n }] = await knex('email_queue').where({ shopId, queueType: 'email' }).whereNotNull('sentAt').count({ n: '*' });
  return {
    senderEmail: s.senderEmail,
    senderName: s.senderName,
    replyTo: s.replyTo,
    isCustomSenderEnabled: s.isCustomSenderEnabled,
    isVerified: isSenderVerified(s),
    smtpType: s.smtpType,
    host: s.smtp?.host ?? null,
    port: s.smtp?.port ?? null,
    authentication: s.smtp?.authentication ?? true,
    username: s.smtp?.username ?? null,
    hasPassword: !!s.smtp?.passwordSealed,
    isSmtpVerified: !!s.smtp?.verifiedAt,
    effectiveFrom: effectiveFrom(config, s),
    sentRequestCount: Number(n),
    testEmailsLeft: await sendsLeft(knex, shopId, 'test'),
    ...(await notificationSettings(knex, shopId)),
    sendMethod: (await loadSettings(knex, shopId)).sendMethod,
  };
}

const invalid = (errors: Record<string, string>, message = 'Validation failed') => createHttpError(400, message, { errors });

export function emailSettingsRoutes(services: ApiServices) {
  const { knex, config } = services;
  const router = new Router<AppState>({ prefix: '/settings/emailSetting' });

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await emailSettingsView(services, ctx.state.tenant.shopId) };
  });

  router.put('/', async (ctx) => {
    const shopId = ctx.state.tenant.shopId;
    const input = emailSettingsInput.parse(ctx.request.body ?? {});
    const next: StoredEmailSettings = { ...(await loadEmailSettings(knex, shopId)), ...input };
    if (next.isCustomSenderEnabled && !next.senderEmail) throw invalid({ senderEmail: MESSAGES.required });
    // Only a server that answered may carry the shop's mail.
    if (next.smtpType === 'custom' && !next.smtp) throw invalid({ smtpType: 'Cannot verify settings' }, 'Cannot verify settings');
    await storeEmailSettings(knex, shopId, next);
    ctx.body = { success: true, message: 'Saved successfully', data: await emailSettingsView(services, shopId) };
  });

  // Mails a signed link to the sender address (saved first when given); following it verifies it.
  router.post('/verify-sender', async (ctx) => {
    const { shopId, shopDomain } = ctx.state.tenant;
    const input = emailSettingsInput.pick({ senderEmail: true }).parse(ctx.request.body ?? {});
    const current = await loadEmailSettings(knex, shopId);
    const senderEmail = input.senderEmail === undefined ? current.senderEmail : input.senderEmail;
    if (!senderEmail) throw invalid({ senderEmail: MESSAGES.required });
    if (senderEmail !== current.senderEmail) await storeEmailSettings(knex, shopId, { ...current, senderEmail });

    const slot = await reserveSend(knex, shopId, 'verifySender', null);
    // tenancy: the shop row itself, by the verified auth context's id
    const shop = await Shop.query().findById(shopId);
    const token = signLink(linkKey(config.encryptionKey!), { p: 'sender', shop: shopDomain, q: 0, o: '', email: senderEmail, exp: Math.floor(Date.now() / 1000) + VERIFY_LINK_DAYS * 86_400 });
    const url = `${config.appUrl}/r/verify-sender/${token}`;
    const html = `<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#202223;max-width:520px;margin:24px auto;padding:0 16px">
<h1 style="font-size:20px">Confirm your sender email</h1><p>${esc(shop?.name ?? shopDomain)} wants to send review requests from ${esc(senderEmail)}. Confirm that this address is yours:</p>
<p><a href="${esc(url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#303030;color:#fff;text-decoration:none;font-weight:600">Verify email</a></p>
<p style="font-size:12px;color:#6d7175">The link is valid for ${VERIFY_LINK_DAYS} days. If you did not ask for this, ignore this email.</p></body></html>`;
    const sent = await runSettingsMail(services, { shopId, shopDomain, kind: 'verifySender', to: senderEmail, subject: 'Verify your sender email', html });
    if (!sent) {
      await releaseSend(knex, shopId, slot.id);
      throw createHttpError(502, 'Verification sent unsuccessfully!', { code: 'VERIFICATION_NOT_SENT', expose: true });
    }
    ctx.body = { success: true, message: 'Verification sent', data: await emailSettingsView(services, shopId) };
  });

  // Connects to the merchant's server with the given settings; only settings that answered are kept.
  router.post('/verify-smtp', async (ctx) => {
    const shopId = ctx.state.tenant.shopId;
    const input = smtpInput.parse(ctx.request.body ?? {});
    const current = await loadEmailSettings(knex, shopId);
    const sameAccount = current.smtp && current.smtp.host === input.host && current.smtp.username === input.username;
    const keptSealed = input.password === undefined && sameAccount ? current.smtp!.passwordSealed : null;
    if (input.authentication && input.password === undefined && !keptSealed) throw invalid({ password: MESSAGES.required });
    const password = input.authentication ? (input.password ?? null) : null;
    try {
      await verifySmtp(config, { ...input, password: password ?? (keptSealed ? openPassword(config, keptSealed) : null) });
    } catch (err) {
      ctx.state.log.info({ err: (err as Error).message, host: input.host, port: input.port }, 'custom SMTP not verified');
      const reason = err instanceof SmtpHostRefused ? err.message : String((err as Error).message ?? '').slice(0, 300);
      throw createHttpError(400, 'Cannot verify settings', { code: 'SMTP_NOT_VERIFIED', errors: { smtp: reason } });
    }
    const passwordSealed = !input.authentication ? null : password !== null ? sealPassword(config, password) : keptSealed;
    await storeEmailSettings(knex, shopId, {
      ...current,
      smtp: { host: input.host, port: input.port, authentication: input.authentication, username: input.username, passwordSealed, verifiedAt: new Date().toISOString() },
    });
    ctx.body = { success: true, message: 'Settings verified', data: await emailSettingsView(services, shopId) };
  });

  return router;
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:520px;margin:15vh auto;padding:0 16px;color:#202223"><h1 style="font-size:22px">${title}</h1><p>${text}</p></body></html>`;

/** GET /r/verify-sender/:token, the link in the verification mail (mounted under the plugin's /r routes). */
export function senderVerificationRoutes({ knex, config }: ApiServices) {
  const router = new Router<AppState>();
  router.get('/verify-sender/:token', async (ctx) => {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    const link = verifyLink(linkKey(config.encryptionKey!), ctx.params.token, 'sender');
    // tenancy: the signed link names the shop
    const shop = link?.email ? await knex('shops').where({ shopifyDomain: link.shop }).first('id') : undefined;
    const current = shop && (await loadEmailSettings(knex, shop.id));
    // A link for an address the shop has since replaced verifies nothing.
    if (!link || !current || current.senderEmail !== link.email) {
      ctx.status = 400;
      ctx.body = page('Link not valid', 'This verification link is not valid, has expired, or the sender email was changed since.');
      return;
    }
    await storeEmailSettings(knex, shop.id, { ...current, verifiedSenderEmail: link.email! });
    ctx.body = page('Sender email verified', `Review requests can now be sent from ${esc(link.email)}.`);
  });
  return router;
}
