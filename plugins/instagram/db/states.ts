// OAuth `state` values (CSRF): a random value per connect attempt, stored only as its hash, bound to
// the shop that asked, valid 10 minutes and used once. The callback knows the shop only from it.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Tenant } from '@plaudit/kernel';

const TTL_MS = 10 * 60_000;
const hash = (state: string) => crypto.createHash('sha256').update(state).digest('hex');

export async function newState(tenant: Tenant): Promise<string> {
  const state = crypto.randomBytes(32).toString('base64url');
  await tenant.insertInto('instagram_oauth_states', { stateHash: hash(state), expiresAt: new Date(Date.now() + TTL_MS) });
  // old attempts of the shop go: they can no longer be completed
  await tenant.table('instagram_oauth_states').where('expiresAt', '<', new Date()).del();
  return state;
}

/** The shop a state was issued to, spending it; undefined when unknown, used or expired. */
export async function spendState(knex: Knex, state: string): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(state)) return undefined;
  // tenancy: the callback names no shop; the state's hash selects its one row, deleted as it is read
  const [row] = await knex('instagram_oauth_states')
    .where({ stateHash: hash(state) })
    .del()
    .returning(['shopId', 'expiresAt']);
  return row && new Date(row.expiresAt).getTime() > Date.now() ? Number(row.shopId) : undefined;
}
