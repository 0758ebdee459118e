// `npm run coupon:create -- --code SUMMER10 --kind percent --amount 10 [options]`: adds a coupon
// to the shop's database (DATABASE_URL, as for npm start). Amounts of fixed coupons and the
// minimum subtotal are in cents. Dates are ISO 8601, e.g. 2026-12-31T23:59:59Z.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../apps/server/src/db/migrate';
import { readEnv } from '../apps/server/src/env';
import { AppError } from '../apps/server/src/http/errors';
import { createCoupon, newCouponSchema } from '../apps/server/src/modules/marketing/coupons.admin';

const usage = `usage: npm run coupon:create -- --code CODE --kind percent|fixed --amount N
  [--min-subtotal CENTS] [--starts-at ISO] [--ends-at ISO] [--max-uses N]
  [--max-uses-per-email N] [--email ADDRESS]`;

function fail(message: string): never {
  console.error(`coupon:create: ${message}\n${usage}`);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        code: { type: 'string' },
        kind: { type: 'string' },
        amount: { type: 'string' },
        'min-subtotal': { type: 'string' },
        'starts-at': { type: 'string' },
        'ends-at': { type: 'string' },
        'max-uses': { type: 'string' },
        'max-uses-per-email': { type: 'string' },
        email: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();

const whole = (value: string | undefined) =>
  value === undefined ? undefined : /^\d+$/.test(value) ? Number(value) : Number.NaN;

const parsed = newCouponSchema.safeParse({
  code: values.code,
  kind: values.kind,
  amount: whole(values.amount),
  minSubtotal: whole(values['min-subtotal']),
  startsAt: values['starts-at'],
  endsAt: values['ends-at'],
  maxUses: whole(values['max-uses']),
  maxUsesPerEmail: whole(values['max-uses-per-email']),
  email: values.email,
});
if (!parsed.success) {
  fail(z.prettifyError(parsed.error));
}

const db = await openDatabase(readEnv().databaseUrl);
try {
  const coupon = await createCoupon(db, parsed.data);
  console.log(`coupon:create: created ${coupon.code}`);
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
} finally {
  await db.close();
}
