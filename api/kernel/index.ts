// @plaudit/kernel: the one module a plugin's server code (api/, activities/, db/, shared server
// code) imports from the kernel. Everything a plugin may rely on is re-exported here, and nothing
// else: internals stay behind it, test helpers are in @plaudit/kernel/testing. See docs/plugins.md.
export { defineApiPlugin, type ApiPlugin, type ApiServices, type FastLane } from '../plugins/types';
export type { ActivityDeps, CustomerRef, PlatformHooks, WebhookDelivery } from './activities';
export type { AppContext, AppRouter, AppState } from '../http/types';
export { SHOP_DOMAIN } from '../http/security';
export { findUnsafeText } from '../http/input';
// every CSV/XLSX export's text cells: no formula a spreadsheet would run
export { FORMULA_STARTS, neutraliseFormula, restoreFormula } from './spreadsheet-text';
export { serveFile, type ServedFile } from '../http/serve-file';
export { tenantFor, type Tenant } from '../auth/tenant';
export { ShopScopedModel } from '../db/base-model';
export type { Config } from '../config';
export type { Logger } from '../log';
export {
  allows,
  declaredFeatures,
  hasFullAccess,
  normalisePlan,
  PLANS,
  requiredTier,
  requireFeature,
  tierOf,
  type Feature,
  type Plan,
  type Tier,
} from '../plans';
// links signed before purposes were declared (unsubscribe links in mail already sent keep working until they expire)
export { linkKey, verifyLink } from '../signed-links';
export { open, seal, secretBoxKey } from '../platform/crypto';
export type { Platform } from '../platform';
// a URL the merchant's browser is sent to on the shop's domain (billing confirmation), rewritten for the store emulator
export { browserUrl } from '../platform/shopify';
export type { ActiveSubscription, AdminApi, PageInfo, PlatformOrder, ThemeIntegration, ThrottleStatus } from '../platform/admin-api';
export type { EmbedState } from '../platform/theme-files';
export { NoSessionError } from '../platform/token-store';
export { appProxySignature, isValidAppProxyRequest, shopperAddress, verifyAppProxy, type AppProxyContext } from '../platform/app-proxy';
export { INVALID_PRODUCT_ID, productGid, productIdSchema } from '../platform/product-ids';
// URLs typed by merchants and fetched by our servers: never our own network
export { isPrivateAddress, publicLookup } from '../http/public-address';
// every fetch of a URL that came from outside (import photos, marketplaces, Instagram media, webhooks)
export { outboundFetch, OutboundFetchError, type OutboundInit, type OutboundRefusal } from '../http/outbound-fetch';
export { countedAddress, hitAll, RateLimit, tooManyAttempts, type Budget, type Verdict } from '../http/rate-limit';
// signed-link routes: only bad links count against the address, 429 past the budget (issue 30.4)
export { BAD_LINKS_PER_ADDRESS, guessDoor } from './guess-door';
export { DEMO_SHOP, DEMO_SISTER_SHOP, isDemoShop } from '../shops/demo-shop';
export { assertDeveloperAccount } from '../shops/developer-access';
export { ensureSchedule, type ScheduleSpec } from '../temporal/schedules';
// a referenced workflow started through a bare Temporal Client (services have `temporal.start`)
export { signalWithStartWorkflow, startWorkflow } from '../temporal/connection';
export { unavailableDependency } from '../http/unavailable';
export { unavailableMessage } from '../http/errors';
export { localDay } from './dates';
// keyset paging: the opaque cursor of a row's position, a 400 for anything else
export { cursorKey, keysetCursor, type CursorCodec, type CursorOptions } from './cursor';
export type { KernelServices } from './services';
export type { ReplicaReads } from '../db/read-replica';
export { customerPage, esc, messagePage, type PageOptions } from './html';
export type { Translate, Translations } from './i18n';
/** the twelve languages customer pages and emails can be in (the admin's ten, Hindi, Vietnamese) */
export { CUSTOMER_LANGUAGES } from './i18n';
export { definePlugin, provide, type PluginManifest } from './manifest';
export { CommandError, definePluginCli, type PluginCli, type PluginCommand, type PluginCommandContext } from '../cli/plugin-commands';
export type { NamespaceOptions, SettingsNamespace, SettingsStore } from './settings';
export type { ShopFlags, ShopView, ShopsService } from './shops';
export { eventHandlers, handleEvent, type EmitOptions, type EventBus, type EventHandler, type EventHandlers, type HandledEvent } from './events';
export { MissingCapabilityError, required, type Capabilities } from './capabilities';
export type { CapabilityRef, EventRef, WorkflowRef, ArgsOf, ResultOf, PayloadOf } from '../../contracts/define';
// third-party apps (the integration-<app> plugins): state and credentials, their routes, vendor answers
export type { IntegrationsService, IntegrationState, IntegrationStatus } from './integrations';
export { mailIntegrationRevoked, type RevokedMail } from './integration-mail';
export { CredentialsRefused, failedToDisconnect, failedToIntegrate, integrationRoutes, RECHECK_CREDENTIALS, type IntegrationSpec } from './integration-routes';
export { assertVendorOk, INTEGRATION_REVOKED, retryAfterMs, VENDOR_BUSY, VENDOR_REJECTED, vendorRateLimited, vendorUrl } from './vendor-call';
export type { SignedLinks, SignedPayload } from './links';
export type { DurableStart, StartSpec, WorkflowOutbox } from '../temporal/outbox';
export type { LocalMail, MailOutcome, MailRecipientShop, MailService, OutgoingMail } from '../mail/service';
// the shop's sender as the merchant edits it (`services.mail.sender`); the SMTP password stays sealed in the kernel
export { SmtpNotVerified, type SenderChoices, type SenderSettings, type SenderSettingsView, type SmtpAccount } from '../mail/sender-settings';
export type { MailBody, MailButton, MailProduct } from '../mail/layout';
export type { EmailTemplate } from '../mail/template-fields';
export { TemplateInvalid, type EmailTemplateDeclaration, type EmailTemplates, type RegisteredTemplate, type RenderOptions } from '../mail/templates';
export { ShopDomain, OrderName, RequestStatus, SendAt } from '../temporal/search-attributes';
// a storefront script bundled for browsers (minified IIFE), esbuild loaded on first use
export { bundleForBrowser } from './browser-script';
