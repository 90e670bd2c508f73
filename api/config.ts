// The one place environment variables are read. Every other module receives a Config.
import path from 'node:path';
import { z } from 'zod';

const portMessage = 'must be a port number (1-65535)';
const port = z.coerce.number({ error: portMessage }).int(portMessage).min(1, portMessage).max(65535, portMessage);
const optionalString = z.string().trim().min(1).optional();
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUrlWithProtocol(v, protocols), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const encryptionKey = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const key = decodeKey(v);
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, written as 64 hex characters or 44 base64 characters' });
      return z.NEVER;
    }
    return key;
  });

export function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const buf = Buffer.from(value, 'base64');
    if (buf.length === 32) return buf;
  }
  return undefined;
}

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'on', 'yes'].includes(v)));

const schema = z.object({
  // Production unless told otherwise: a forgotten variable must not open developer conveniences.
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: port.default(3000),
  APP_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(60_000),
  // How long an idle kept-alive connection stays open. Above the idle timeout of the proxies that pool
  // connections to the app (nginx's upstream keepalive_timeout and AWS ALB's both default to 60 s), so
  // the proxy retires a connection, never the app while a request is on its way (a reset, a 502).
  KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000')
    .default(65_000),
  ENCRYPTION_KEY: encryptionKey,
  PLUGIN_DIRS: z.string().optional(),
  PLUGINS_ROOT: z.string().trim().min(1).optional(),
  ADMIN_DIST: z.string().trim().min(1).optional(),
  DEV_ZONE: flag,
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ error: 'must be a number of proxies (0-10)' })
    .int('must be a whole number of proxies')
    .min(0, 'must be 0-10')
    .max(10, 'must be 0-10')
    .default(0),

  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  // a streaming replica for storefront, analytics and export reads (docs/deploy.md, "Read replica")
  DATABASE_REPLICA_URL: optionalUrl(['postgres:', 'postgresql:']),
  POSTGRES_PORT: port.default(54329),

  TEMPORAL_ADDRESS: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[A-Za-z0-9.-]+:\d{1,5}$/.test(v), { message: 'must be host:port, e.g. localhost:7233' }),
  TEMPORAL_NAMESPACE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{2,255}$/, 'must be a namespace name (letters, digits, . _ -)')
    .default('plaudit'),
  TEMPORAL_TASK_QUEUE: z.string().trim().min(1).default('plaudit'),
  TEMPORAL_TLS_CERT: optionalString,
  TEMPORAL_TLS_KEY: optionalString,
  TEMPORAL_TLS_CA: optionalString,
  TEMPORAL_TLS_SERVER_NAME: optionalString,
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  // without TEMPORAL_ADDRESS: `dev` runs `temporal server start-dev`, `server` the self-hosted server on
  // its own embedded PostgreSQL (api/runtime/temporal-server.ts, docs/deploy.md)
  TEMPORAL_MODE: z.enum(['dev', 'server'], { message: 'must be dev or server' }).default('dev'),
  TEMPORAL_POSTGRES_PORT: port.default(54330),
  // `paused`: the plugins' schedules are created paused (a staging copy, the test stack); one that exists keeps its state
  TEMPORAL_SCHEDULES: z.enum(['running', 'paused'], { message: 'must be running or paused' }).default('running'),

  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  SMTP_SINK_PORT: port.default(2525),
  MAIL_FROM: z.string().trim().email('must be an email address').default('reviews@plaudit.local'),

  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  SHOPIFY_API_VERSION: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}$/, 'must be a Shopify API version like 2025-10')
    .default('2025-10'),
  SHOPIFY_SCOPES: z
    .string()
    .trim()
    .min(1)
    .default(
      'read_products,read_customers,read_orders,read_fulfillments,write_discounts,write_products,read_themes,write_metaobjects,write_metaobject_definitions',
    ),
  SHOPIFY_EMULATOR_URL: optionalUrl(['http:', 'https:']),
  EMULATOR_PORT: port.default(3001),
  // the marketplace emulator (emulator/marketplaces): marketplace imports fetch https://<host>/<path> at ${url}/hosts/<host>/<path>
  MARKETPLACE_BASE_URL: optionalUrl(['http:', 'https:']),
  INTEGRATIONS_BASE_URL: optionalUrl(['http:', 'https:']),
  // the operator's Apertium APy server (review translation's default provider); `npm start` sets it
  APERTIUM_URL: optionalUrl(['http:', 'https:']),
  // the operator's Meta app for the Instagram feed (Instagram API with Instagram Login)
  INSTAGRAM_APP_ID: optionalString,
  INSTAGRAM_APP_SECRET: optionalString,
});

/** The plugins beside the running kernel: the repository's plugins/, or <build>/plugins when compiled (npm run build). */
const BUNDLED_PLUGINS = path.resolve(__dirname, '../plugins');

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  appUrl: string;
  dataDir: string;
  logLevel: string;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** 32-byte key for app tokens and encryption at rest; undefined until resolved from DATA_DIR on embedded defaults. */
  encryptionKey?: Buffer;
  pluginDirs: string[];
  adminDist: string;
  /** DEV_ZONE: the developer zone for every shop (otherwise emulator shops and developer accounts only) */
  devZone: boolean;
  /**
   * How many reverse proxies of ours stand in front of the API. The client address is the
   * X-Forwarded-For entry that many hops from the right; 0 ignores X-Forwarded-For (and
   * X-Forwarded-Proto/Host) entirely, so a client cannot choose its own address.
   */
  trustedProxyHops: number;
  database: { url?: string; replicaUrl?: string; embeddedPort: number };
  temporal: {
    address?: string;
    namespace: string;
    taskQueue: string;
    tls?: { cert?: string; key?: string; ca?: string; serverName?: string };
    apiKey?: string;
    cliPath?: string;
    devPort: number;
    uiPort: number;
    /** what `npm start` runs when no address is set: the dev server or the self-hosted server on PostgreSQL */
    mode: 'dev' | 'server';
    /** the self-hosted server's embedded PostgreSQL (TEMPORAL_MODE=server) */
    postgresPort: number;
    /** whether a schedule the API creates starts paused (TEMPORAL_SCHEDULES) */
    schedulesPaused: boolean;
  };
  smtp: { url?: string; sinkPort: number; from: string };
  shopify: {
    apiKey?: string;
    apiSecret?: string;
    apiVersion: string;
    scopes: string[];
    /** set when the app talks to the local store emulator instead of Shopify */
    emulatorUrl?: string;
    emulatorPort: number;
  };
  /** set when marketplace imports (AliExpress, Amazon) go to the marketplace emulator instead of the web */
  marketplaceBaseUrl?: string;
  /** set when integrations' vendor calls (Klaviyo, Omnisend, Smile.io ...) go to the integrations emulator */
  integrationsBaseUrl?: string;
  /** the operator's Apertium APy server (review translation), never a merchant's; unset: APy's default http://127.0.0.1:2737 */
  apertiumUrl?: string;
  /** the operator's Meta app (the Instagram feed's OAuth); unset: Instagram connects only to the integrations emulator */
  instagram?: { appId: string; appSecret: string };
}

export class ConfigError extends Error {
  constructor(public readonly problems: { variable: string; message: string }[]) {
    super('Invalid configuration:\n' + problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** For process entries: a bad configuration prints what is wrong (no stack) and exits 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  try {
    return loadConfig(env, root);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

/** Reads and validates the environment. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: String(i.path[0]), message: i.message })));
  }
  const e = parsed.data;
  const problems: { variable: string; message: string }[] = [];
  if (Boolean(e.TEMPORAL_TLS_CERT) !== Boolean(e.TEMPORAL_TLS_KEY)) {
    problems.push({ variable: e.TEMPORAL_TLS_CERT ? 'TEMPORAL_TLS_KEY' : 'TEMPORAL_TLS_CERT', message: 'TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together' });
  }
  if (Boolean(e.INSTAGRAM_APP_ID) !== Boolean(e.INSTAGRAM_APP_SECRET)) {
    problems.push({
      variable: e.INSTAGRAM_APP_ID ? 'INSTAGRAM_APP_SECRET' : 'INSTAGRAM_APP_ID',
      message: 'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET go together',
    });
  }
  if (Boolean(e.SHOPIFY_API_KEY) !== Boolean(e.SHOPIFY_API_SECRET)) {
    problems.push({ variable: e.SHOPIFY_API_KEY ? 'SHOPIFY_API_SECRET' : 'SHOPIFY_API_KEY', message: 'SHOPIFY_API_KEY and SHOPIFY_API_SECRET go together' });
  }
  if (e.NODE_ENV === 'production') {
    if (!e.ENCRYPTION_KEY) problems.push({ variable: 'ENCRYPTION_KEY', message: 'is required in production' });
    if (!e.APP_URL) problems.push({ variable: 'APP_URL', message: 'is required in production' });
  }
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(root, e.DATA_DIR);
  const tls =
    e.TEMPORAL_TLS_CERT || e.TEMPORAL_TLS_CA || e.TEMPORAL_TLS_SERVER_NAME
      ? { cert: e.TEMPORAL_TLS_CERT, key: e.TEMPORAL_TLS_KEY, ca: e.TEMPORAL_TLS_CA, serverName: e.TEMPORAL_TLS_SERVER_NAME }
      : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    encryptionKey: e.ENCRYPTION_KEY,
    pluginDirs: [
      e.PLUGINS_ROOT ? path.resolve(root, e.PLUGINS_ROOT) : BUNDLED_PLUGINS,
      ...(e.PLUGIN_DIRS ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((d) => path.resolve(root, d)),
    ],
    adminDist: path.resolve(root, e.ADMIN_DIST ?? 'admin/dist'),
    devZone: e.DEV_ZONE ?? false,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    database: { url: e.DATABASE_URL, replicaUrl: e.DATABASE_REPLICA_URL, embeddedPort: e.POSTGRES_PORT },
    temporal: {
      address: e.TEMPORAL_ADDRESS || undefined,
      namespace: e.TEMPORAL_NAMESPACE,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      tls,
      apiKey: e.TEMPORAL_API_KEY,
      cliPath: e.TEMPORAL_CLI_PATH,
      devPort: e.TEMPORAL_PORT,
      uiPort: e.TEMPORAL_UI_PORT,
      mode: e.TEMPORAL_MODE,
      postgresPort: e.TEMPORAL_POSTGRES_PORT,
      schedulesPaused: e.TEMPORAL_SCHEDULES === 'paused',
    },
    smtp: { url: e.SMTP_URL, sinkPort: e.SMTP_SINK_PORT, from: e.MAIL_FROM },
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      apiVersion: e.SHOPIFY_API_VERSION,
      scopes: e.SHOPIFY_SCOPES.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      emulatorUrl: e.SHOPIFY_EMULATOR_URL?.replace(/\/$/, ''),
      emulatorPort: e.EMULATOR_PORT,
    },
    marketplaceBaseUrl: e.MARKETPLACE_BASE_URL?.replace(/\/$/, ''),
    integrationsBaseUrl: e.INTEGRATIONS_BASE_URL?.replace(/\/$/, ''),
    apertiumUrl: e.APERTIUM_URL?.replace(/\/$/, ''),
    ...(e.INSTAGRAM_APP_ID && e.INSTAGRAM_APP_SECRET ? { instagram: { appId: e.INSTAGRAM_APP_ID, appSecret: e.INSTAGRAM_APP_SECRET } } : {}),
  };
}
