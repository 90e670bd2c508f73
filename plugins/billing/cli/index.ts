// Ops commands for coupons: `npm run plaudit -- billing:coupons:add --code SPRING --percent 20 ...`.
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { CommandError, definePluginCli } from '@plaudit/kernel';
import { addCoupon, listCoupons, removeCoupon, type Coupon } from '../db/coupons';

const options = {
  code: { type: 'string' },
  percent: { type: 'string' },
  amount: { type: 'string' },
  intervals: { type: 'string' },
  expires: { type: 'string' },
  limit: { type: 'string' },
} as const;

function parse(args: string[]) {
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (err) {
    throw new CommandError((err as Error).message);
  }
}

const optionalInt = (v: string | undefined) => (v === undefined ? null : Number(v));

const describe = (c: Coupon) =>
  [
    c.code,
    c.kind === 'percentage' ? `${c.value}%` : `USD ${c.value.toFixed(2)}`,
    c.durationIntervals ? `${c.durationIntervals} billing periods` : 'every billing period',
    c.expiresAt ? `expires ${c.expiresAt.toISOString().slice(0, 10)}` : 'no expiry',
    `${c.redemptions ?? 0}/${c.redemptionLimit ?? '∞'} redeemed`,
  ].join('\t');

export default definePluginCli({
  commands: {
    'coupons:add': {
      usage: '--code <CODE> (--percent <1-100> | --amount <USD>) [--intervals <billing periods>] [--expires <YYYY-MM-DD>] [--limit <shops>]   add a coupon',
      async run(args, { knex, print }) {
        const v = parse(args);
        if (!v.code) throw new CommandError('--code is required');
        if ((v.percent === undefined) === (v.amount === undefined)) throw new CommandError('give either --percent or --amount');
        try {
          const coupon = await addCoupon(knex, {
            code: v.code,
            kind: v.percent !== undefined ? 'percentage' : 'amount',
            value: Number(v.percent ?? v.amount),
            durationIntervals: optionalInt(v.intervals),
            expiresAt: v.expires ? new Date(`${v.expires}T23:59:59Z`) : null,
            redemptionLimit: optionalInt(v.limit),
          });
          print(`added ${describe(coupon)}`);
        } catch (err) {
          if (err instanceof ZodError) throw new CommandError(err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          if ((err as { code?: string }).code === '23505') throw new CommandError(`coupon ${v.code.toUpperCase()} exists`);
          throw err;
        }
      },
    },
    'coupons:list': {
      usage: '   list the coupons with their redemptions',
      async run(_args, { knex, print }) {
        const coupons = await listCoupons(knex);
        if (!coupons.length) print('no coupons');
        for (const c of coupons) print(describe(c));
      },
    },
    'coupons:remove': {
      usage: '--code <CODE>   remove a coupon (shops that redeemed it keep their discount at Shopify)',
      async run(args, { knex, print }) {
        const v = parse(args);
        if (!v.code) throw new CommandError('--code is required');
        if (!(await removeCoupon(knex, v.code))) throw new CommandError(`no coupon ${v.code.toUpperCase()}`);
        print(`removed ${v.code.toUpperCase()}`);
      },
    },
  },
});
