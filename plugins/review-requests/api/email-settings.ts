// Email settings (spec section 3): GET /api/settings/emailSetting, the save (PUT on the same path),
// the sender-email verification (a signed link mailed to the address) and the custom SMTP
// verification (nodemailer verify() against the merchant's server). The SMTP password is sealed at
// rest and never sent back.
import Router from '@koa/router';
import createHttpError from 'http-errors';
import { type ApiServices, type AppState, esc, guessDoor, messagePage, SmtpNotVerified, type Tenant } from '@plaudit/kernel';
import { emailSettingsInput, smtpInput, type EmailSettingsWithNotifications } from '../shared/email-settings';
import { MESSAGES } from '../shared/templates';
import { ReviewAdmin } from '@plaudit/contracts/reviews';
import { sentCount } from '../db/queue';
import { requestSettingsOf } from '../db/settings';
import { releaseSend, reserveSend, sendsLeft, runSettingsMail } from './settings-mail';

const VERIFY_LINK_DAYS = 3;

export async function emailSettingsView({ settings, capabilities, mail }: ApiServices, tenant: Tenant): Promise<EmailSettingsWithNotifications> {
  const s = await mail.sender.view(tenant.shopId);
  // The shop notifications belong to the reviews plugin: shown here when it offers them, saved there.
  const notifications = await capabilities.get(ReviewAdmin)?.notificationSettings(tenant.shopId);
  return {
    senderEmail: s.senderEmail,
    senderName: s.senderName,
    replyTo: s.replyTo,
    isCustomSenderEnabled: s.isCustomSenderEnabled,
    isVerified: s.isVerified,
    smtpType: s.smtpType,
    host: s.smtp?.host ?? null,
    port: s.smtp?.port ?? null,
    authentication: s.smtp?.authentication ?? true,
    username: s.smtp?.username ?? null,
    hasPassword: !!s.smtp?.hasPassword,
    isSmtpVerified: !!s.smtp?.verifiedAt,
    effectiveFrom: s.effectiveFrom,
    sentRequestCount: await sentCount(tenant),
    testEmailsLeft: await sendsLeft(tenant, 'test'),
    ...notifications,
    sendMethod: (await requestSettingsOf(settings).get(tenant.shopId)).sendMethod,
  };
}

const invalid = (errors: Record<string, string>, message = 'Validation failed') => createHttpError(400, message, { errors });

export function emailSettingsRoutes(services: ApiServices) {
  const { knex, config, links, shops, i18n, mail } = services;
  const router = new Router<AppState>({ prefix: '/settings/emailSetting' });

  router.get('/', async (ctx) => {
    ctx.body = { success: true, data: await emailSettingsView(services, ctx.state.tenant) };
  });

  router.put('/', async (ctx) => {
    const shopId = ctx.state.tenant.shopId;
    const input = emailSettingsInput.parse(ctx.request.body ?? {});
    const next = { ...(await mail.sender.view(shopId)), ...input };
    if (next.isCustomSenderEnabled && !next.senderEmail) throw invalid({ senderEmail: MESSAGES.required });
    // Only a server that answered may carry the shop's mail.
    if (next.smtpType === 'custom' && !next.smtp) throw invalid({ smtpType: 'Cannot verify settings' }, 'Cannot verify settings');
    await mail.sender.update(shopId, input);
    ctx.body = { success: true, message: 'Saved successfully', data: await emailSettingsView(services, ctx.state.tenant) };
  });

  // Mails a signed link to the sender address (saved first when given); following it verifies it.
  router.post('/verify-sender', async (ctx) => {
    const { shopId, shopDomain } = ctx.state.tenant;
    const input = emailSettingsInput.pick({ senderEmail: true }).parse(ctx.request.body ?? {});
    const current = await mail.sender.view(shopId);
    const senderEmail = input.senderEmail === undefined ? current.senderEmail : input.senderEmail;
    if (!senderEmail) throw invalid({ senderEmail: MESSAGES.required });
    if (senderEmail !== current.senderEmail) await mail.sender.update(shopId, { senderEmail });

    const slot = await reserveSend(knex, ctx.state.tenant, 'verifySender', null);
    const shop = (await shops.get(shopId))!;
    const token = links.sign('review-requests.verifySender', shopDomain, { email: senderEmail }, VERIFY_LINK_DAYS * 86_400);
    const url = `${config.appUrl}/r/verify-sender/${token}`;
    // To the merchant, in the merchant's language.
    const lang = shop.adminLocale;
    const t = i18n.forLanguage(lang);
    const body = {
      subject: t('review-requests:verify_sender.subject'),
      contentHtml: `<h1 style="font-size:20px">${esc(t('review-requests:verify_sender.title'))}</h1><p>${esc(t('review-requests:verify_sender.text', { shop: shop.name, email: senderEmail }))}</p>`,
      buttons: [{ url, labelHtml: esc(t('review-requests:verify_sender.button')), background: '#303030' }],
      footer: t('review-requests:verify_sender.footer', { days: VERIFY_LINK_DAYS }),
      lang,
    };
    const sent = await runSettingsMail(services, { shopId, shopDomain, kind: 'verifySender', to: senderEmail, body });
    if (!sent) {
      await releaseSend(ctx.state.tenant, slot.id);
      throw createHttpError(502, 'Verification sent unsuccessfully!', { code: 'VERIFICATION_NOT_SENT', expose: true });
    }
    ctx.body = { success: true, message: 'Verification sent', data: await emailSettingsView(services, ctx.state.tenant) };
  });

  // Connects to the merchant's server with the given settings; only settings that answered are kept.
  router.post('/verify-smtp', async (ctx) => {
    const shopId = ctx.state.tenant.shopId;
    const input = smtpInput.parse(ctx.request.body ?? {});
    const { smtp } = await mail.sender.view(shopId);
    // Left out, the password kept for the same account is used again.
    const keepsPassword = smtp?.hasPassword && smtp.host === input.host && smtp.username === input.username;
    if (input.authentication && input.password === undefined && !keepsPassword) throw invalid({ password: MESSAGES.required });
    try {
      await mail.sender.connectSmtp(shopId, input);
    } catch (err) {
      if (!(err instanceof SmtpNotVerified)) throw err;
      ctx.state.log.info(
        { err: String((err.cause as Error | undefined)?.message ?? err.message), host: input.host, port: input.port },
        'custom SMTP not verified',
      );
      throw createHttpError(400, 'Cannot verify settings', { code: 'SMTP_NOT_VERIFIED', errors: { smtp: err.message } });
    }
    ctx.body = { success: true, message: 'Settings verified', data: await emailSettingsView(services, ctx.state.tenant) };
  });

  return router;
}

/** GET /r/verify-sender/:token, the link in the verification mail (mounted under the plugin's /r routes). */
export function senderVerificationRoutes({ config, knex, links, shops, i18n, mail }: ApiServices) {
  const router = new Router<AppState>();
  router.get('/verify-sender/:token', guessDoor({ knex, config }), async (ctx) => {
    ctx.type = 'text/html';
    ctx.set('Cache-Control', 'no-store');
    const link = links.verify<{ email: string }>('review-requests.verifySender', ctx.params.token);
    const shop = link && (await shops.byDomain(link.shop));
    const lang = shop?.adminLocale ?? 'en';
    const t = i18n.forLanguage(lang);
    // A link for an address the shop has since replaced verifies nothing.
    if (!link || !shop || !(await mail.sender.confirmSender(shop.id, link.data.email))) {
      ctx.status = 400;
      ctx.body = messagePage(t('review-requests:public.link_invalid_title'), t('review-requests:public.verify_invalid'), lang);
      return;
    }
    ctx.body = messagePage(t('review-requests:public.sender_verified_title'), t('review-requests:public.sender_verified', { email: link.data.email }), lang);
  });
  return router;
}
