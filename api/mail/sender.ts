// Who a shop's mail comes from and through which server: the shop's email settings (kernel settings
// namespace 'kernel.mail'), the SMTP password sealed with the platform's AES-256-GCM box, and the
// transport a send uses: the shop's verified SMTP server when chosen, else the app's.
import dns from 'node:dns/promises';
import net from 'node:net';
import { z } from 'zod';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { isPrivateAddress } from '../http/public-address';
import type { SettingsStore } from '../kernel/settings';
import { open, seal, secretBoxKey } from '../platform/crypto';

const address320 = z.email().max(320);

/** The shop's own server, kept only once it answered (verification succeeded). */
const storedSmtp = z.object({
  host: z.string().min(1).max(253),
  port: z.int().min(1).max(65_535),
  authentication: z.boolean(),
  username: z.string().max(320),
  /** sealed with secretBoxKey(ENCRYPTION_KEY); null without authentication */
  passwordSealed: z.string().max(4096).nullable(),
  verifiedAt: z.iso.datetime(),
});
export type StoredSmtp = z.infer<typeof storedSmtp>;

/** The kernel settings namespace 'kernel.mail': every write is checked against it. */
export const storedEmailSettings = z.object({
  senderName: z.string().max(100).nullable(),
  senderEmail: address320.nullable(),
  replyTo: address320.nullable(),
  isCustomSenderEnabled: z.boolean(),
  /** the address whose verification link was followed; verified while it equals senderEmail */
  verifiedSenderEmail: address320.nullable(),
  smtpType: z.enum(['app', 'custom']),
  smtp: storedSmtp.nullable(),
});
export type StoredEmailSettings = z.infer<typeof storedEmailSettings>;

export const DEFAULT_EMAIL_SETTINGS: StoredEmailSettings = {
  senderName: null,
  senderEmail: null,
  replyTo: null,
  isCustomSenderEnabled: false,
  verifiedSenderEmail: null,
  smtpType: 'app',
  smtp: null,
};

/** The shop's email settings, the kernel settings namespace 'kernel.mail'. */
export function emailSettings(settings: SettingsStore) {
  return settings.namespace('kernel', storedEmailSettings, DEFAULT_EMAIL_SETTINGS, { key: 'mail' });
}

export async function loadEmailSettings(settings: SettingsStore, shopId: number): Promise<StoredEmailSettings> {
  return emailSettings(settings).get(shopId);
}

export async function storeEmailSettings(settings: SettingsStore, shopId: number, value: StoredEmailSettings): Promise<void> {
  await emailSettings(settings).update(shopId, () => value);
}

export const isSenderVerified = (s: StoredEmailSettings) => !!s.senderEmail && s.senderEmail === s.verifiedSenderEmail;
export const usesCustomSmtp = (s: StoredEmailSettings) => s.smtpType === 'custom' && !!s.smtp;

export const sealPassword = (config: Config, password: string) => seal(secretBoxKey(config.encryptionKey!), password);
export const openPassword = (config: Config, sealed: string) => open(secretBoxKey(config.encryptionKey!), sealed);

const address = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The From address request mail carries now. */
export function effectiveFrom(config: Config, s: StoredEmailSettings): string {
  if (usesCustomSmtp(s)) return s.senderEmail ?? (s.smtp!.username.includes('@') ? s.smtp!.username : address(config.smtp.from));
  return s.isCustomSenderEnabled && isSenderVerified(s) ? s.senderEmail! : address(config.smtp.from);
}

// In production a merchant's SMTP host must be a public address: no probing of our own network. The
// address list is the outbound guard's (api/http/public-address.ts); the connection goes to the
// checked address itself (pinned), so nothing is resolved again between check and use.
export class SmtpHostRefused extends Error {}

/** The host to connect to: as given outside production; in production a checked, pinned public IP. */
export async function smtpTarget(config: Config, host: string): Promise<{ host: string; servername?: string }> {
  if (config.env !== 'production') return { host };
  const found = await dns.lookup(host.replace(/^\[|\]$/g, ''), { all: true });
  const blocked = found.some((a) => isPrivateAddress(a.address));
  if (!found.length || blocked) throw new SmtpHostRefused(`${host} is not a public address`);
  return { host: found[0].address, servername: net.isIP(host) ? undefined : host };
}

export interface SmtpConnection {
  host: string;
  port: number;
  authentication: boolean;
  username: string;
  password: string | null;
}

export async function smtpTransport(config: Config, c: SmtpConnection, pool: boolean): Promise<Transporter> {
  const target = await smtpTarget(config, c.host);
  return nodemailer.createTransport({
    host: target.host,
    port: c.port,
    secure: c.port === 465,
    auth: c.authentication ? { user: c.username, pass: c.password ?? '' } : undefined,
    tls: target.servername ? { servername: target.servername } : undefined,
    pool,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
}

/** Connects, greets and logs in with the given settings; throws the server's (or network's) answer. */
export async function verifySmtp(config: Config, c: SmtpConnection): Promise<void> {
  const transport = await smtpTransport(config, c, false);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

// One pooled transport per shop using its own server, replaced when its settings change.
const shopTransports = new Map<number, { key: string; transport: Transporter }>();
const MAX_SHOP_TRANSPORTS = 200;

async function shopTransport(config: Config, shopId: number, smtp: StoredSmtp): Promise<Transporter> {
  const key = JSON.stringify(smtp);
  const cached = shopTransports.get(shopId);
  if (cached?.key === key) return cached.transport;
  cached?.transport.close();
  const transport = await smtpTransport(config, { ...smtp, password: smtp.passwordSealed ? openPassword(config, smtp.passwordSealed) : null }, true);
  shopTransports.delete(shopId);
  shopTransports.set(shopId, { key, transport });
  if (shopTransports.size > MAX_SHOP_TRANSPORTS) {
    const [oldest, entry] = shopTransports.entries().next().value!;
    entry.transport.close();
    shopTransports.delete(oldest);
  }
  return transport;
}

export interface Sender {
  transport: Transporter;
  from: string | { name: string; address: string };
  replyTo?: string;
  custom: boolean;
}

/** How a shop's mail to its customers goes out: server, From (with the sender name) and Reply-To. */
export async function senderFor(deps: { settings: SettingsStore; config: Config; mailer: Transporter }, shopId: number): Promise<Sender> {
  const s = await loadEmailSettings(deps.settings, shopId);
  const custom = usesCustomSmtp(s);
  const from = effectiveFrom(deps.config, s);
  return {
    transport: custom ? await shopTransport(deps.config, shopId, s.smtp!) : deps.mailer,
    // Without a sender name the app's own From stays exactly as configured.
    from: s.senderName ? { name: s.senderName, address: from } : custom || from !== address(deps.config.smtp.from) ? from : deps.config.smtp.from,
    replyTo: s.replyTo ?? undefined,
    custom,
  };
}
