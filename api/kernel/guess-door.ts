// Doors a stranger can only get through by guessing: a signed email link's token. Every request is
// counted per client address before it runs (so concurrent guesses cannot all slip past the budget)
// and given back unless it was answered as a bad link, so only misses add up; past the budget the
// address gets 429 with Retry-After, even for a genuine link (no oracle for a guesser). All doors of
// one name share the budget: a guesser cannot spread over unsubscribe, click and write-review links.
import { isHttpError } from 'http-errors';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { messagePage } from './html';
import { type Budget, countedAddress, RateLimit } from '../http/rate-limit';
import type { AppState } from '../http/types';

/** bad signed links one address may open: a customer with an old mail needs a few, a guesser millions */
export const BAD_LINKS_PER_ADDRESS: Budget = { points: 30, perSeconds: 600 };

const TITLE = 'Please wait a moment';
const TEXT = 'Too many invalid or expired links were opened from here. Please try again in a few minutes.';

/** Middleware for the routes of a signed link; `misses` are the statuses a bad link answers. */
export function guessDoor(
  { knex, config }: { knex: Knex; config: { env: string } },
  name = 'signed-link-misses',
  budget = BAD_LINKS_PER_ADDRESS,
  misses = [400],
): Middleware<AppState> {
  const limit = new RateLimit(knex, name, budget);
  return async (ctx, next) => {
    const address = countedAddress(ctx.ip, config.env);
    if (!address) return next();
    const wait = await limit.hit(address);
    if (wait) {
      ctx.status = 429;
      ctx.set('Retry-After', String(wait));
      ctx.set('Cache-Control', 'no-store');
      if (ctx.accepts('html', 'json') === 'html') {
        ctx.type = 'text/html';
        ctx.body = messagePage(TITLE, TEXT, 'en');
      } else ctx.body = { success: false, code: 'TOO_MANY_ATTEMPTS', message: TEXT };
      return;
    }
    let status = 0;
    try {
      await next();
      status = ctx.status;
    } catch (err) {
      status = isHttpError(err) ? err.status : 500;
      throw err;
    } finally {
      if (!misses.includes(status)) await limit.refund(address).catch(() => undefined);
    }
  };
}
