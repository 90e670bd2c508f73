// @plaudit/kernel: the one module a plugin's server code (api/, activities/, db/, shared server
// code) imports from the kernel. Everything a plugin may rely on is re-exported here; the files
// behind it are the kernel's own business. See docs/plugins.md.
export { defineApiPlugin, type ApiPlugin, type ApiServices, type FastLane } from '../plugins/types';
export { CATALOG_RATINGS, type ProductRating, type ProductRatings } from './catalog';
export type { ActivityDeps, CustomerRef, PlatformHooks, WebhookDelivery } from '../../workflows/plugin';
export type { AppContext, AppRouter, AppState } from '../http/types';
export { SHOP_DOMAIN } from '../http/security';
export { findUnsafeText } from '../http/input';
export { serveFile, type ServedFile } from '../http/serve-file';
export { tenantFor, type Tenant } from '../auth/tenant';
export { BaseModel, ShopScopedModel } from '../db/base-model';
export type { Config } from '../config';
export type { Logger } from '../log';
export { allows, declaredFeatures, hasFullAccess, normalisePlan, PLANS, requiredTier, requireFeature, tierOf, type Feature, type Plan, type Tier } from '../plans';
// links signed before purposes were declared (unsubscribe links in mail already sent keep working until they expire)
export { linkKey, verifyLink } from '../signed-links';
export { open, seal, secretBoxKey } from '../platform/crypto';
export type { Platform } from '../platform';
// a URL the merchant's browser is sent to on the shop's domain (billing confirmation), rewritten for the store emulator
export { browserUrl } from '../platform/shopify';
export type { ActiveSubscription, AdminApi, PageInfo, PlatformOrder, ThemeIntegration } from '../platform/admin-api';
export type { EmbedState } from '../platform/theme-files';
export { NoSessionError } from '../platform/token-store';
export { appProxySignature, isValidAppProxyRequest, shopperAddress, verifyAppProxy, type AppProxyContext } from '../platform/app-proxy';
// URLs typed by merchants and fetched by our servers: never our own network
export { isPrivateAddress, publicLookup } from '../http/public-address';
export { hitAll, RateLimit, type Budget, type Verdict } from '../http/rate-limit';
export { DEMO_SHOP } from '../shops/demo-shop';
export { assertDeveloperAccount } from '../shops/developer-access';
export { ensureSchedule, type ScheduleSpec } from '../temporal/schedules';
export { unavailableDependency } from '../http/unavailable';
export { emailLiquid } from '../mail/liquid';
export { listMail, mailDir, parseHeaders, type StoredMail } from '../runtime/smtp-sink';
export { localDay } from './dates';
export type { KernelServices } from './services';
export { customerPage, esc, messagePage, type PageOptions } from './html';
export type { Translate, Translations } from './i18n';
export { definePlugin, type PluginManifest } from './manifest';
export { CommandError, definePluginCli, type PluginCli, type PluginCommand, type PluginCommandContext } from '../cli/plugin-commands';
export type { NamespaceOptions, SettingsNamespace, SettingsStore } from './settings';
export type { PlanChanged, ShopFlags, ShopView, ShopsService } from './shops';
export type { EmitOptions, EventBus, EventDelivery, EventHandler } from './events';
export { MissingCapabilityError, type Capabilities } from './capabilities';
// third-party apps (the integration-<app> plugins): state and credentials, their routes, vendor answers
export { IntegrationsService, type IntegrationState, type IntegrationStatus } from './integrations';
export { mailIntegrationRevoked, type RevokedMail } from './integration-mail';
export { CredentialsRefused, failedToDisconnect, failedToIntegrate, integrationRoutes, RECHECK_CREDENTIALS, type IntegrationSpec } from './integration-routes';
export { assertVendorOk, INTEGRATION_REVOKED, retryAfterMs, VENDOR_BUSY, VENDOR_REJECTED, vendorRateLimited, vendorUrl } from './vendor-call';
export type { SignedLinks, SignedPayload } from './links';
export type { DurableStart, WorkflowOutbox } from '../temporal/outbox';
export { isPermanentFailure, type MailOutcome, type MailRecipientShop, type MailService, type OutgoingMail } from '../mail/service';
export type { MailBody, MailButton, MailProduct } from '../mail/layout';
export { emailTemplateFields, emailTemplatePatch, TEMPLATE_MESSAGES, type EmailTemplate } from '../mail/template-fields';
export { TemplateInvalid, type EmailTemplateDeclaration, type EmailTemplates, type RegisteredTemplate, type RenderOptions } from '../mail/templates';
export {
  DEFAULT_EMAIL_SETTINGS, effectiveFrom, isSenderVerified, loadEmailSettings, openPassword, sealPassword, senderFor, SmtpHostRefused,
  storeEmailSettings, usesCustomSmtp, verifySmtp, type StoredEmailSettings, type StoredSmtp,
} from '../mail/sender';
export { ShopDomain, OrderName, RequestStatus, SendAt } from '../../workflows/search-attributes';
