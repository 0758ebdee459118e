import { Readable } from 'node:stream';
import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminCustomer,
  type AdminCustomerList,
  type CouponUse,
} from '@souq/contracts/admin-marketing';
import type { Address } from '@souq/contracts/addresses';
import { NotFoundError } from '../../http/errors';
import { csvRow } from '../../csv/csv';
import type { CustomersRepository } from './customers.repository';

/** What the customers' pages need from other modules, as small ports. */
export interface CustomersServiceDependencies {
  repository: CustomersRepository;
  /** The account's saved addresses (the accounts module). */
  addressesOf: (userId: string) => Promise<Address[]>;
  /** Coupon uses under an email (the coupons' module). */
  couponUsesOf: (email: string) => Promise<CouponUse[]>;
}

export function createCustomersService({
  repository,
  addressesOf,
  couponUsesOf,
}: CustomersServiceDependencies) {
  return {
    async listCustomers(query: { q?: string; page?: number }): Promise<AdminCustomerList> {
      const page = query.page ?? 1;
      const { items, total } = await repository.listCustomers({ q: query.q, page });
      return { items, total, page, pageSize: ADMIN_LIST_PAGE_SIZE };
    },

    async getCustomer(id: string): Promise<AdminCustomer> {
      const customer = await repository.findCustomer(id);
      if (!customer) throw new NotFoundError('No such customer.');
      const { subscribedSince, ...summary } = customer;
      const [orders, addresses, couponUses] = await Promise.all([
        repository.ordersOf(id),
        // A guest buyer has no saved addresses.
        customer.guest ? [] : addressesOf(id),
        couponUsesOf(customer.email),
      ]);
      return {
        ...summary,
        orders,
        addresses,
        newsletter: { subscribed: summary.subscribed, since: subscribedSince },
        couponUses,
      };
    },

    /** The subscribers as CSV, read and written a chunk at a time. */
    subscribersCsv(): Readable {
      const rows = repository.subscribers();
      return Readable.from(
        (async function* () {
          yield csvRow(['email', 'subscribed_at']);
          for await (const s of rows) yield csvRow([s.email, s.subscribedAt]);
        })(),
      );
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
