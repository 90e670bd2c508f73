// @plaudit/kernel/testing as the static jest project resolves it (jest.config.js): only the helpers that
// need no PostgreSQL, Temporal, SMTP sink or worker, the same names as kernel-testing.ts exports. The full
// entry loads the whole app (about 6 s of CPU per test file); a static test needs none of it. A stack
// helper (startTestApi, createShop...) is missing here on purpose: a test that calls one belongs to the
// node project.
export { appProxySignature } from '../../api/platform/app-proxy';
export { installed, withPlugins } from './installed';
export { linkKey, readLink, signLink } from '../../api/signed-links';
export { open, secretBoxKey } from '../../api/platform/crypto';
export { DEMO_SHOP, EMULATOR_API_KEY, EMULATOR_API_SECRET, startEmulator, type RunningEmulator } from '../../emulator';
export { MARKETPLACE_FIXTURES, seedProduct, startMarketplaceEmulator, type RunningMarketplaceEmulator } from '../../emulator/marketplaces';
export { DEMO_CREDENTIALS, startIntegrationsEmulator, type Received as VendorReceived, type RunningIntegrationsEmulator } from '../../emulator/integrations';
export { gid } from '../../emulator/ids';
export { EXTENSION_DIR, ThemeExtension, type PageAssets } from '../../emulator/theme-extension';
export { productPng } from '../../emulator/png';

// the same names and types as the full entry's (the type check fails on a name it does not export)
type Helpers = Omit<typeof import('./kernel-testing-static'), 'sameAsFullEntry'>;
export const sameAsFullEntry: Helpers extends Pick<typeof import('./kernel-testing'), keyof Helpers> ? true : never = true;
