import { z } from 'zod';

/*
 * Whole numbers from outside are bounded where they are read: PostgreSQL refuses a query that
 * compares an integer column with a number past 2^31 − 1 (a 500, where SQLite would answer),
 * and stock, money and counts are kept in 32-bit integers.
 */

/** The largest id a row has: PostgreSQL's `integer`. */
export const MAX_RECORD_ID = 2_147_483_647;

/** The id of a product, variant, category, order line, … as a client sends it. */
export const recordIdSchema = z.number().int().positive().max(MAX_RECORD_ID);

/**
 * The most any amount or count staff type may be (minor units, uses of a coupon): below 2^31
 * with room for the sums the shop makes of them.
 */
export const MAX_TYPED_COUNT = 1_000_000_000;
