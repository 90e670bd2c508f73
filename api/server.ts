// The API process: Koa on PORT serving /api, plugin routes and the built admin.
import type { Server } from 'node:http';
import type Koa from 'koa';
import { appTokenAuthenticator } from './auth/authenticate';
import { loadConfigOrExit, type Config } from './config';
import { createApp } from './http/app';
import { createLogger, type Logger } from './log';
import { resolveEncryptionKey } from './runtime/encryption-key';
import { createApiRuntime, startKernel } from './services';
import { platformAuthenticators } from './platform/wiring';

/**
 * `listen`: a port, or an http server already listening (a test stack that needs the app's URL
 * before the app exists binds it first: no other process can take that port meanwhile).
 */
export async function startApiServer(config: Config, log: Logger, listen: number | Server = config.port) {
  const encryptionKey = resolveEncryptionKey(config);
  const runtime = createApiRuntime({ ...config, encryptionKey }, log);
  const { app, apiRouter, publicRouters } = createApp({
    services: runtime.services,
    plugins: runtime.plugins,
    authenticators: [appTokenAuthenticator(encryptionKey), ...platformAuthenticators(runtime.services)],
    extraOrigins: config.shopify.emulatorUrl ? [config.shopify.emulatorUrl] : [],
  });
  await startKernel(runtime.services);
  for (const plugin of runtime.plugins) await plugin.onStart?.(runtime.services);
  const server: Server = await serve(app, listen).catch(async (err) => {
    // a taken port: what was started is stopped, so a caller may try another port
    for (const plugin of runtime.plugins) await plugin.onStop?.(runtime.services);
    await runtime.close();
    throw err;
  });
  // Node's own limit a little above ours, so our 503 answers first.
  server.requestTimeout = config.requestTimeoutMs + 5_000;
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  return {
    server,
    app,
    apiRouter,
    publicRouters,
    runtime,
    port: (server.address() as { port: number }).port,
    async close() {
      // close() ends the idle connections; one answering now would be kept open after its answer for
      // the whole keep-alive time, and close() would wait for it: the answers from now on end theirs
      server.keepAliveTimeout = 1;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const plugin of runtime.plugins) await plugin.onStop?.(runtime.services);
      await runtime.close();
    },
  };
}

function serve(app: Koa, listen: number | Server): Promise<Server> {
  if (typeof listen !== 'number') return Promise.resolve(listen.on('request', app.callback()));
  return new Promise<Server>((resolve, reject) => {
    const s = app.listen(listen, '0.0.0.0', () => resolve(s));
    s.once('error', reject);
  });
}

if (require.main === module) {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel, 'api');
  startApiServer(config, log).then(
    (api) => {
      log.info({ port: api.port }, 'API listening');
      process.send?.('ready');
      const shutdown = () => api.close().then(() => process.exit(0));
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    },
    (err) => {
      log.fatal({ err }, 'API failed to start');
      process.exit(1);
    },
  );
}
