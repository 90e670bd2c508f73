// The doubles keep an idle connection as long as the API does (65 s, emulator/keep-alive.ts), so a
// caller in the same process reusing one after a blocked loop does not meet Node's 5 s close.
import { startEmulator } from '../../emulator';
import { startIntegrationsEmulator } from '../../emulator/integrations';
import { startMarketplaceEmulator } from '../../emulator/marketplaces';

const doubles = {
  store: () => startEmulator({ port: 0, apiKey: 'key', apiSecret: 'secret', appUrl: 'http://127.0.0.1:9' }),
  integrations: () => startIntegrationsEmulator({ port: 0 }),
  marketplaces: () => startMarketplaceEmulator({ port: 0 }),
};

test.each(Object.entries(doubles))('the %s double tells its callers it keeps idle connections 65 s', async (_, start) => {
  const double = await start();
  try {
    const res = await fetch(`${double.url}/no-such-path`);
    await res.arrayBuffer();
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  } finally {
    await double.stop();
  }
});
