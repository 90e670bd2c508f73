// The kernel services every plugin gets, with one shape in the API process (ApiServices) and the
// worker (ActivityDeps): the same settings, shops, mail, events, capabilities and signed links.
// Built by assemble.ts from the process's own connections and the plugins' manifests.
import type { Knex } from 'knex';
import type { ReplicaReads } from '../db/read-replica';
import type { Tenant } from '../auth/tenant';
import type { Config } from '../config';
import type { Logger } from '../log';
import type { MailService } from '../mail/service';
import type { Platform } from '../platform';
import type { TemporalGateway } from '../temporal/connection';
import type { WorkflowOutbox } from '../temporal/outbox';
import type { Capabilities } from './capabilities';
import type { EventBus } from './events';
import type { SignedLinks } from './links';
import type { Translations } from './i18n';
import type { SettingsStore } from './settings';
import type { ShopsService } from './shops';
import type { IntegrationsService } from './integrations';

export interface KernelServices {
  config: Config;
  log: Logger;
  knex: Knex;
  /** reads that may lag a little (storefront, analytics, exports): the replica when one is set and caught up */
  reads: ReplicaReads;
  /** the Temporal client (`temporal.client`) and its connection */
  temporal: TemporalGateway;
  /** workflow starts that must not be lost: recorded first, handed to Temporal when it can take them */
  outbox: WorkflowOutbox;
  settings: SettingsStore;
  shops: ShopsService;
  mail: MailService;
  events: EventBus;
  capabilities: Capabilities<KernelServices>;
  links: SignedLinks;
  /** scopes queries to one shop (routes have ctx.state.tenant already) */
  tenant(shopId: number, shopDomain: string): Tenant;
  /** strings for customers (public pages, emails) in their language, from the locale files */
  i18n: Translations;
  /** the store platform (Admin API per shop); undefined without Shopify credentials */
  platform?: Platform;
  /** third-party apps the shop connected: status and sealed credentials (api/kernel/integrations.ts) */
  integrations: IntegrationsService;
}
