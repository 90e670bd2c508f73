// Builds a process's kernel services (services.ts) from its own connections, and teaches them what
// the plugins' manifests declare: features, capabilities, durable events, link purposes, emails.
import type { Transporter } from 'nodemailer';
import type { Knex } from 'knex';
import { tenantFor } from '../auth/tenant';
import { replicaReads } from '../db/read-replica';
import type { Config } from '../config';
import type { Logger } from '../log';
import { MailSendRecord } from '../mail/send-record';
import { MailService } from '../mail/service';
import { EmailTemplates } from '../mail/templates';
import { registerFeatures } from '../plans';
import type { Platform } from '../platform';
import type { DiscoveredPlugin } from '../plugins/discover';
import type { TemporalGateway } from '../temporal/connection';
import type { WorkflowOutbox } from '../temporal/outbox';
import { Capabilities } from './capabilities';
import { EventBus } from './events';
import { SignedLinks } from './links';
import type { PluginManifest } from './manifest';
import { KERNEL_LOCALES, Translations } from './i18n';
import type { KernelServices } from './services';
import { SettingsStore } from './settings';
import { ShopsService } from './shops';
import { IntegrationsService } from './integrations';

/** Every discovered plugin's plugin.ts manifest; its id must match its folder. */
export function loadManifests(discovered: DiscoveredPlugin[]): PluginManifest[] {
  return discovered.flatMap((d) => {
    if (!d.sides.manifest) return [];
    const mod = require(d.sides.manifest);
    const manifest: PluginManifest | undefined = mod.default ?? mod.plugin;
    if (!manifest || typeof manifest !== 'object') throw new Error(`${d.sides.manifest} must default-export definePlugin({...})`);
    if (manifest.id !== d.id) throw new Error(`Plugin in folder "${d.id}" declares id "${manifest.id}" in plugin.ts; they must match`);
    return [manifest];
  });
}

export interface KernelConnections {
  config: Config;
  log: Logger;
  knex: Knex;
  temporal: TemporalGateway;
  outbox: WorkflowOutbox;
  mailer: Transporter;
  platform?: Platform;
  encryptionKey: Buffer;
}

/** Builds the services over a process's connections and teaches them what the manifests declare. */
export function createKernelServices(c: KernelConnections, discovered: DiscoveredPlugin[], manifests = loadManifests(discovered)): KernelServices {
  const settings = new SettingsStore(c.knex);
  const capabilities = new Capabilities<KernelServices>();
  const events = new EventBus(c.log, c.outbox);
  const links = new SignedLinks(c.encryptionKey);
  const i18n = new Translations(KERNEL_LOCALES, discovered);
  for (const m of manifests) registerFeatures(m.id, m.features ?? {});
  capabilities.register(manifests);
  for (const line of capabilities.degraded) c.log.warn(line);
  events.register(manifests);
  links.register(manifests);
  const services: KernelServices = {
    config: c.config,
    log: c.log,
    knex: c.knex,
    reads: replicaReads(c.knex, c.config.database.replicaUrl, c.log),
    temporal: c.temporal,
    outbox: c.outbox,
    settings,
    shops: new ShopsService(c.knex, events),
    mail: new MailService(c.config, c.mailer, settings, new EmailTemplates(settings, i18n, manifests), new MailSendRecord(c.knex, c.log)),
    events,
    capabilities,
    links,
    tenant: tenantFor,
    i18n,
    platform: c.platform,
    integrations: new IntegrationsService(c.knex, c.encryptionKey),
  };
  capabilities.bind(services);
  return services;
}
