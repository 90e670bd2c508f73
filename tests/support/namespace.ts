// A Temporal namespace of its own on the run's server, for an API on a database of its own.
import { Connection } from '@temporalio/client';
import { createLogger } from '../../api/log';
import { ensureNamespace, ensureSearchAttributes } from '../../api/temporal/connection';
import { SEARCH_ATTRIBUTES } from '../../api/temporal/search-attributes';
import { eventually } from './eventually';

/**
 * Workflow ids are unique per namespace and are made of the database's ids (`event:ReviewCreated:1`):
 * an API on another database starting them in the run's namespace takes ids the run's own reviews
 * need next, and their deliveries never run (seen: the replica test, then a widgets file, in one worker).
 */
export async function ownNamespace(name: string): Promise<string> {
  const log = createLogger('silent');
  const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  try {
    await ensureNamespace(connection, name, log);
    // the frontend answers NOT_FOUND until its namespace cache has read the new one
    await eventually(() => ensureSearchAttributes(connection, name, SEARCH_ATTRIBUTES, log).then(() => true, notFound));
  } finally {
    await connection.close();
  }
  return name;
}

function notFound(err: { code?: number }): false {
  if (err.code === 5 /* NOT_FOUND */) return false;
  throw err;
}
