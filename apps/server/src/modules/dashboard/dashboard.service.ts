import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import {
  DASHBOARD_LOW_STOCK_LIMIT,
  DASHBOARD_PERIOD_DAYS,
  DASHBOARD_TOP_LIMIT,
  type Dashboard,
  type DashboardPeriod,
} from '@souq/contracts/dashboard';
import type { DashboardRepository, Span, StandingOrder } from './dashboard.repository';

/** A shop day as the contract writes it. */
const dayKey = (day: Date) => format(day, 'yyyy-MM-dd');

interface ShopDay {
  date: string;
  span: Span;
}

/**
 * The shop's days from `first`, `count` of them: each its key and its [start, end) in instants.
 * Days start at the time zone's midnight, so one can be 23 or 25 hours long where clocks change.
 */
function shopDays(first: TZDate, count: number): ShopDay[] {
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(first, index);
    // Plain instants from here on: a TZDate writes its ISO string with the zone's offset.
    const span = { from: new Date(start.getTime()), to: new Date(addDays(start, 1).getTime()) };
    return { date: dayKey(start), span };
  });
}

/** The span from the first day's start to the last day's end. */
function spanOf(first: ShopDay, last: ShopDay): Span {
  return { from: first.span.from, to: last.span.to };
}

/** Orders that stand, summed per currency, largest revenue first. */
function sumByCurrency(orders: StandingOrder[]) {
  const sums = new Map<string, { orders: number; revenue: number }>();
  for (const order of orders) {
    const sum = sums.get(order.currency) ?? { orders: 0, revenue: 0 };
    sum.orders += 1;
    sum.revenue += order.amount;
    sums.set(order.currency, sum);
  }
  return [...sums]
    .map(([currency, sum]) => ({ currency, ...sum }))
    .sort((a, b) => b.revenue - a.revenue || a.currency.localeCompare(b.currency));
}

const placedIn = (orders: StandingOrder[], { from, to }: Span) =>
  orders.filter((order) => order.placedAt >= from && order.placedAt < to);

/** The period of `first` and the days after it, its orders sorted into its days. */
function periodOf(first: ShopDay, later: ShopDay[], orders: StandingOrder[]): DashboardPeriod {
  const days = [first, ...later];
  const last = days[days.length - 1] ?? first;
  const inPeriod = placedIn(orders, spanOf(first, last));
  return {
    from: first.date,
    to: last.date,
    days: days.map((day) => {
      const ofDay = placedIn(inPeriod, day.span);
      return {
        date: day.date,
        orders: ofDay.length,
        revenue: sumByCurrency(ofDay).map(({ currency, revenue }) => ({
          currency,
          amount: revenue,
        })),
      };
    }),
    totals: sumByCurrency(inPeriod).map((sum) => ({
      ...sum,
      averageOrder: Math.round(sum.revenue / sum.orders),
    })),
  };
}

export function createDashboardService({
  repository,
  timeZone,
  clock = () => new Date(),
}: {
  repository: DashboardRepository;
  /** IANA name of the zone the shop's days are counted in. */
  timeZone: string;
  /** The app's clock; tests fix "today" with it. */
  clock?: () => Date;
}) {
  return {
    async dashboard(): Promise<Dashboard> {
      const today = startOfDay(new TZDate(clock(), timeZone));
      // The current period ends with today; the previous one is the 30 days before it.
      const [previousFirst, ...previousLater] = shopDays(
        addDays(today, 1 - 2 * DASHBOARD_PERIOD_DAYS),
        DASHBOARD_PERIOD_DAYS,
      );
      const [currentFirst, ...currentLater] = shopDays(
        addDays(today, 1 - DASHBOARD_PERIOD_DAYS),
        DASHBOARD_PERIOD_DAYS,
      );
      if (!previousFirst || !currentFirst) throw new Error('A period has at least one day.');
      const current = spanOf(currentFirst, currentLater.at(-1) ?? currentFirst);
      const [orders, byStatus, topProducts, topCategories, customers, waiting, lowStock] =
        await Promise.all([
          repository.standingOrders({ from: previousFirst.span.from, to: current.to }),
          repository.ordersByStatus(current),
          repository.topProducts(current, DASHBOARD_TOP_LIMIT),
          repository.topCategories(current, DASHBOARD_TOP_LIMIT),
          repository.customers(current),
          repository.waitingOrders(),
          repository.lowStock(DASHBOARD_LOW_STOCK_LIMIT),
        ]);
      return {
        timeZone,
        current: periodOf(currentFirst, currentLater, orders),
        previous: periodOf(previousFirst, previousLater, orders),
        byStatus,
        topProducts,
        topCategories,
        customers,
        waiting,
        lowStock,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
