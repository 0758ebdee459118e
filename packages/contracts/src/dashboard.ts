import { z } from 'zod';
import { minorUnitsSchema, nameTranslationsSchema } from './catalog';
import { orderStatusSchema } from './orders';

/*
 * GET /api/admin/dashboard (dashboard.read): how the shop is doing over the last 30 days against
 * the 30 before. Days are the shop's days (its time zone, `timeZone`); revenue counts the orders
 * whose status stands (order-lifecycle.ts), each in its own currency, less what partial refunds
 * gave back.
 */

/** Days in each of the two periods the dashboard compares. */
export const DASHBOARD_PERIOD_DAYS = 30;
/** Products and categories in the "top" lists. */
export const DASHBOARD_TOP_LIMIT = 5;
/** Products in the low-stock list (the products list, filtered, has them all). */
export const DASHBOARD_LOW_STOCK_LIMIT = 10;

const currencySchema = z.string().length(3);
const count = z.number().int().nonnegative();

/** A calendar day in the shop's time zone. */
const shopDateSchema = z.iso.date();

const revenueSchema = z.array(z.object({ currency: currencySchema, amount: minorUnitsSchema }));

const periodSchema = z.object({
  /** The period's first and last day. */
  from: shopDateSchema,
  to: shopDateSchema,
  /** Every day of the period, oldest first, with its orders that stand and their revenue. */
  days: z.array(z.object({ date: shopDateSchema, orders: count, revenue: revenueSchema })),
  /** The period's orders that stand, per currency, largest revenue first. */
  totals: z.array(
    z.object({
      currency: currencySchema,
      orders: count,
      revenue: minorUnitsSchema,
      /** Revenue over orders, rounded to the currency's minor unit. */
      averageOrder: minorUnitsSchema,
    }),
  ),
});
export type DashboardPeriod = z.infer<typeof periodSchema>;

const namedSchema = { name: z.string(), translations: nameTranslationsSchema };

export const dashboardSchema = z.object({
  /** IANA name of the shop's time zone, in which the days are counted. */
  timeZone: z.string(),
  current: periodSchema,
  previous: periodSchema,
  /** Orders placed in the current period by their status now, every status (fallen ones too). */
  byStatus: z.array(z.object({ status: orderStatusSchema, count })),
  /** Products with the most revenue in the current period (line totals, before order discounts). */
  topProducts: z.array(
    z.object({
      productId: z.number().int().positive(),
      ...namedSchema,
      currency: currencySchema,
      revenue: minorUnitsSchema,
      quantity: count,
    }),
  ),
  /** Categories with the most revenue in the current period, by the products' category now. */
  topCategories: z.array(
    z.object({
      categoryId: z.number().int().positive(),
      slug: z.string(),
      ...namedSchema,
      currency: currencySchema,
      revenue: minorUnitsSchema,
    }),
  ),
  /**
   * Customers who bought in the current period (accounts, and guests by email as the customers
   * list groups them): new ones whose first order that stands is in it, and returning ones.
   */
  customers: z.object({ new: count, returning: count }),
  /** How many orders wait for each next step. */
  waiting: z.object({ toConfirm: count, toShip: count, toDeliver: count }),
  /** Products with variants at or below the product's threshold, emptiest first. */
  lowStock: z.object({
    /** How many products have some, in all. */
    total: count,
    items: z.array(
      z.object({
        productId: z.number().int().positive(),
        ...namedSchema,
        /** Its live variants at or below the threshold, and how many it has in all. */
        lowVariants: z.number().int().positive(),
        variants: z.number().int().positive(),
        /** The least stock among its variants. */
        leastStock: count,
        threshold: count,
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
