// @plaudit/kernel/testing: the test helpers a plugin's tests use: a real API on the run's
// PostgreSQL and Temporal, shops, clients, the mail sink, browsers and the store emulator.
export {
  client,
  createShop,
  eventually,
  kernelSettingsAtRest,
  settingsElsewhere,
  startTestApi,
  storeSettingsRaw,
  testConfig,
  tokenFor,
  updateShop,
  type Reply,
  type TestApi,
} from './api';
export { EMULATOR_API_SECRET, startPlatformStack } from './platform';
export { usePlatformBrowser, type PlatformStack } from './platform-browser';
export { usePlatformStackWithWorker } from './platform-worker';
export { bundleFor, startTestWorker } from './worker';
export { currentDetails } from './workflow-details';
export { holdSchedule } from './schedules';
export { eventDelivered, explained, shopWorkflows } from './shop-workflows';
export { adminPage } from './admin-session';
export { animationsSettled, collectPageErrors, downloadedFile, screenshot, useBrowser } from './browser';
export { listMail, mailDir, parseHeaders, startSmtpSink, type StoredMail } from '../../api/runtime/smtp-sink';
// a shop's sender settings written directly (a custom SMTP server the test runs), bypassing the verification
export { DEFAULT_EMAIL_SETTINGS, sealPassword, storeEmailSettings } from '../../api/mail/sender';
export { appProxySignature } from '../../api/platform/app-proxy';
export { installed, withPlugins } from './installed';
export { freePort, startTemporalDevServer, stopChild } from '../../api/runtime/temporal-dev-server';
// Apertium APy, the real review-translation server (plugins/translations), started by the tests that use it
export { APERTIUM_MISSING, findApertiumApy, startApertium, type RunningApertium } from '../../api/runtime/apertium';
export { linkKey, readLink, signLink } from '../../api/signed-links';
export { open, secretBoxKey } from '../../api/platform/crypto';
export { tenantFor } from '../../api/auth/tenant';
// a durable event's delivery workflow, to wait for its handlers: workflow.getHandle(eventWorkflowId(Ref.name, key)).result()
export { eventWorkflowId } from '../../api/kernel/events';
// the store emulator (Shopify's local double), for tests that drive it directly
export { DEMO_SHOP, EMULATOR_API_KEY, startEmulator, type RunningEmulator } from '../../emulator';
// AliExpress and Amazon as the imports plugin's adapters read them (emulator/marketplaces/README.md)
export { MARKETPLACE_FIXTURES, seedProduct, startMarketplaceEmulator, type RunningMarketplaceEmulator } from '../../emulator/marketplaces';
export { DEMO_CREDENTIALS, startIntegrationsEmulator, type Received as VendorReceived, type RunningIntegrationsEmulator } from '../../emulator/integrations';
export { gid } from '../../emulator/ids';
export { EXTENSION_DIR, ThemeExtension, type PageAssets } from '../../emulator/theme-extension';
export { productPng } from '../../emulator/png';
// a TCP proxy a test cuts to take PostgreSQL (or anything) away from one API; a port where a service is down
export { databaseUrlAt, downPort, tcpProxy, type DownPort, type TcpProxy } from '../reliability/tcp-proxy';
// for benchmarks (plugins/<id>/bench/): a migrated throw-away database, bench shops, percentiles, and
// the kernel's runtime pieces a benchmark assembles itself (config, logger, the stack, the app, SMTP, Temporal)
export { benchAppEnv, benchDatabase, benchShops, latencyLine, pct, seededRandom, timeRuns, type BenchDatabase } from './bench';
export { loadConfig } from '../../api/config';
export { createLogger } from '../../api/log';
export { ROOT, startInfrastructure } from '../../api/runtime/stack';
export { startApiServer } from '../../api/server';
export { createApiRuntime } from '../../api/services';
export { createApp } from '../../api/http/app';
export { findTemporalCli } from '../../api/runtime/temporal-cli';
export { createMailer } from '../../api/mail/transport';
export { renderMail } from '../../api/mail/layout';
// the whole stack in one process outside jest (PostgreSQL, Temporal, SMTP sink, emulators, API, worker): benches, the recorder
export { startStandaloneStack } from './standalone-stack';
