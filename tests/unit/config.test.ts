// An operator with a bad variable learns which one, before anything starts (the processes' exit on a
// bad variable: tests/integration/bad-config-exit.test.ts).
import crypto from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../api/config';

const root = '/srv/plaudit';

function problemsFor(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env, root);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

function expectRejected(env: Record<string, string>, variable: string) {
  const problems = problemsFor(env);
  expect(problems.map((p) => p.variable)).toContain(variable);
  let message = '';
  try {
    loadConfig(env, root);
  } catch (err) {
    message = (err as Error).message;
  }
  expect(message).toMatch(new RegExp(`^\\s+${variable}: \\S`, 'm'));
}

test.each([
  ['PORT', 'abc'],
  ['PORT', '0'],
  ['PORT', '70000'],
  ['PORT', '80.5'],
  ['DATABASE_URL', 'mysql://user@localhost/plaudit'],
  ['DATABASE_URL', 'not a url'],
  ['TEMPORAL_ADDRESS', 'localhost'],
  ['TEMPORAL_ADDRESS', 'http://localhost:7233'],
  ['ENCRYPTION_KEY', 'too-short'],
  ['ENCRYPTION_KEY', crypto.randomBytes(16).toString('hex')],
  ['ENCRYPTION_KEY', crypto.randomBytes(31).toString('base64')],
  ['LOG_LEVEL', 'verbose'],
  ['REQUEST_TIMEOUT_MS', 'soon'],
  ['KEEP_ALIVE_TIMEOUT_MS', '500'],
  ['SMTP_URL', 'http://mail.example.com'],
  ['DEV_ZONE', 'maybe'],
  ['TEMPORAL_SCHEDULES', 'off'],
])('%s=%s is rejected with a message naming the variable', (variable, value) => {
  expectRejected({ [variable]: value }, variable);
});

test('a non-numeric PORT says what a port must be', () => {
  expect(problemsFor({ PORT: 'abc' })).toEqual([{ variable: 'PORT', message: 'must be a port number (1-65535)' }]);
});

test('every bad variable is named at once', () => {
  const names = problemsFor({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x/y' }).map((p) => p.variable);
  expect(names.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
});

test('a TLS certificate without its key is rejected, naming the missing key', () => {
  expectRejected({ TEMPORAL_TLS_CERT: '/etc/temporal/client.pem' }, 'TEMPORAL_TLS_KEY');
  expectRejected({ TEMPORAL_TLS_KEY: '/etc/temporal/client.key' }, 'TEMPORAL_TLS_CERT');
});

test('production refuses to start without ENCRYPTION_KEY', () => {
  expectRejected({ NODE_ENV: 'production', APP_URL: 'https://reviews.example.com' }, 'ENCRYPTION_KEY');
  expect(problemsFor({ NODE_ENV: 'production', APP_URL: 'https://reviews.example.com' })).toHaveLength(1);
});

test('production accepts a complete configuration, hex or base64 key', () => {
  const key = crypto.randomBytes(32);
  for (const written of [key.toString('hex'), key.toString('base64')]) {
    const config = loadConfig({ NODE_ENV: 'production', APP_URL: 'https://reviews.example.com/', ENCRYPTION_KEY: written }, root);
    expect(config.encryptionKey).toEqual(key);
    expect(config.appUrl).toBe('https://reviews.example.com');
    expect(config.devZone).toBe(false);
  }
});

test('NODE_ENV unset means production: secrets required, developer zone closed', () => {
  expect(
    problemsFor({})
      .map((p) => p.variable)
      .sort(),
  ).toEqual(['APP_URL', 'ENCRYPTION_KEY']);
  const config = loadConfig({ APP_URL: 'https://reviews.example.com', ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex') }, root);
  expect(config.env).toBe('production');
  expect(config.devZone).toBe(false);
});

test('the developer zone opens for every shop only with DEV_ZONE, never because of NODE_ENV', () => {
  expect(loadConfig({ NODE_ENV: 'development' }, root).devZone).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test' }, root).devZone).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development', DEV_ZONE: 'on' }, root).devZone).toBe(true);
});

test('defaults: port 3000, namespace plaudit, DATA_DIR .data under the root', () => {
  const config = loadConfig({ NODE_ENV: 'development' }, root);
  expect(config.port).toBe(3000);
  expect(config.appUrl).toBe('http://localhost:3000');
  expect(config.temporal.namespace).toBe('plaudit');
  expect(config.temporal.taskQueue).toBe('plaudit');
  expect(config.dataDir).toBe(path.join(root, '.data'));
  expect(config.requestTimeoutMs).toBe(60_000);
  expect(config.keepAliveTimeoutMs).toBe(65_000);
  expect(config.logLevel).toBe('info');
  expect(config.devZone).toBe(false);
  expect(config.database.url).toBeUndefined();
  expect(config.temporal.address).toBeUndefined();
  expect(config.temporal.schedulesPaused).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development', TEMPORAL_SCHEDULES: 'paused' }, root).temporal.schedulesPaused).toBe(true);
});

test('given values are used: port, relative DATA_DIR, TLS pair', () => {
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      PORT: '8080',
      DATA_DIR: 'var/plaudit',
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_TLS_CERT: 'c.pem',
      TEMPORAL_TLS_KEY: 'c.key',
    },
    root,
  );
  expect(config.port).toBe(8080);
  expect(config.dataDir).toBe(path.join(root, 'var/plaudit'));
  expect(config.temporal.address).toBe('temporal.internal:7233');
  expect(config.temporal.tls).toMatchObject({ cert: 'c.pem', key: 'c.key' });
});
