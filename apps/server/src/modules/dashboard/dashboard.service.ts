import type { Dashboard } from '@souq/contracts/staff';
import type { DashboardRepository } from './dashboard.repository';

/** The low-stock list shows at most this many variants (each at or below its product's threshold), the emptiest first. */
export const LOW_STOCK_LIST_LIMIT = 20;

const DAY_MS = 24 * 60 * 60_000;

/** Midnight (UTC, the shop's time zone) at the start of `now`'s day. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Midnight at the start of `now`'s week; weeks start on Monday (ISO 8601). */
export function startOfWeek(now: Date): Date {
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(startOfDay(now).getTime() - daysSinceMonday * DAY_MS);
}

export function createDashboardService({
  repository,
  clock = () => new Date(),
}: {
  repository: DashboardRepository;
  /** The app's clock; tests fix "today" with it. */
  clock?: () => Date;
}) {
  return {
    async dashboard(): Promise<Dashboard> {
      const now = clock();
      const today = startOfDay(now);
      const week = startOfWeek(now);
      const [todaySales, weekSales, waiting, lowStock] = await Promise.all([
        repository.salesBetween(today, new Date(today.getTime() + DAY_MS)),
        repository.salesBetween(week, new Date(week.getTime() + 7 * DAY_MS)),
        repository.waitingOrders(),
        repository.lowStock(LOW_STOCK_LIST_LIMIT),
      ]);
      return { today: todaySales, thisWeek: weekSales, waiting, lowStock };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
