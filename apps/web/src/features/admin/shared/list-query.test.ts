import { describe, expect, it } from 'vitest';
import { adminProductListQuerySchema } from '@souq/contracts/admin-catalog';
import { adminOrderListQuerySchema } from '@souq/contracts/admin-orders';
import { adminPaths } from './admin-paths';
import { readListQuery } from './list-query';

describe('the order list URL', () => {
  it('reads search, filters and page', () => {
    const params = new URLSearchParams(
      'q=%20nadia%20&status=shipped&paymentMethod=cash_on_delivery&from=2026-11-01&to=2026-11-23&page=3',
    );
    expect(readListQuery(adminOrderListQuerySchema, params)).toEqual({
      q: 'nadia',
      status: 'shipped',
      paymentMethod: 'cash_on_delivery',
      from: '2026-11-01',
      to: '2026-11-23',
      page: 3,
    });
  });

  it('drops only the values that are not valid', () => {
    const params = new URLSearchParams('status=lost&from=yesterday&page=0&q=SQ-1&paymentMethod=');
    expect(readListQuery(adminOrderListQuerySchema, params)).toEqual({ q: 'SQ-1' });
  });

  it('writes a query back to a link that reads the same', () => {
    const query = { q: 'a&b #1', status: 'pending', page: 2 } as const;
    const link = adminPaths.ordersMatching(query);
    expect(link.startsWith('/admin/orders?')).toBe(true);
    const read = readListQuery(adminOrderListQuerySchema, new URLSearchParams(link.split('?')[1]));
    expect(read).toEqual(query);
    expect(adminPaths.ordersMatching({})).toBe('/admin/orders');
  });
});

describe('the product list URL', () => {
  it('reads yes-or-no filters as booleans and drops a bad one', () => {
    const params = new URLSearchParams('category=shoes&stock=low&onSale=false&published=maybe');
    expect(readListQuery(adminProductListQuerySchema, params)).toEqual({
      category: 'shoes',
      stock: 'low',
      onSale: false,
    });
  });

  it('writes a query back to a link that reads the same, "false" included', () => {
    const query = { q: 'silk', onSale: false, published: true, page: 4 } as const;
    const link = adminPaths.productsMatching(query);
    expect(link).toBe('/admin/products?q=silk&onSale=false&published=true&page=4');
    const read = readListQuery(
      adminProductListQuerySchema,
      new URLSearchParams(link.split('?')[1]),
    );
    expect(read).toEqual(query);
    expect(adminPaths.productsMatching({})).toBe('/admin/products');
  });
});
