// The contract for plugins/<id>/activities/index.ts: export `createActivities(deps)` returning
// plain async functions. Workflow code (plugins/<id>/workflows/index.ts) exports workflow
// functions and imports only @temporalio/workflow, its own messages and `import type` of activities.
import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import type { Tenant } from '../api/auth/tenant';
import type { Config } from '../api/config';
import type { Logger } from '../api/log';

/** What the worker hands every activity factory. */
export interface ActivityDeps {
  config: Config;
  log: Logger;
  knex: Knex;
  /** pooled SMTP transport (the app's SMTP_URL or the local sink) */
  mailer: Transporter;
  /** to signal or start other workflows */
  temporal: Client;
  /** scope queries to one shop, as the API does per request */
  tenantFor(shopId: number, shopDomain: string): Tenant;
}

export type ActivityFunction = (...args: never[]) => Promise<unknown>;
export type ActivitiesFactory = (deps: ActivityDeps) => Record<string, ActivityFunction>;
