import type { ParameterizedContext } from 'koa';
import type Router from '@koa/router';
import type { AuthContext } from '../auth/context';
import type { Tenant } from '../auth/tenant';
import type { Logger } from '../log';

/** What the kernel puts on ctx.state for every request. */
export interface AppState {
  requestId: string;
  log: Logger;
  /** set on authenticated /api routes */
  auth: AuthContext;
  tenant: Tenant;
}

export type AppContext = ParameterizedContext<AppState>;
export type AppRouter = Router<AppState>;
