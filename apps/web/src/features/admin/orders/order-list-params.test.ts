import { describe, expect, it } from 'vitest';
import { adminPaths } from '../shared/admin-paths';
import { readOrderListParams } from './order-list-params';

describe('the order list URL', () => {
  it('reads search, filters and page', () => {
    const params = new URLSearchParams(
      'q=%20nadia%20&status=shipped&paymentMethod=cash_on_delivery&from=2026-11-01&to=2026-11-23&page=3',
    );
    expect(readOrderListParams(params)).toEqual({
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
    expect(readOrderListParams(params)).toEqual({ q: 'SQ-1' });
  });

  it('writes a query back to a link that reads the same', () => {
    const query = { q: 'a&b #1', status: 'pending', page: 2 } as const;
    const link = adminPaths.ordersMatching(query);
    expect(link.startsWith('/admin/orders?')).toBe(true);
    expect(readOrderListParams(new URLSearchParams(link.split('?')[1]))).toEqual(query);
    expect(adminPaths.ordersMatching({})).toBe('/admin/orders');
  });
});
