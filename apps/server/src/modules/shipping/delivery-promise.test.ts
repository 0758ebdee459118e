import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shippingZoneListSchema,
  type ShippingZone,
  type ShippingZoneEditor,
} from '@souq/contracts/shipping';
import { ensureWebBuild } from '../../../../../scripts/web-build';
import { productIds } from '../../test/orders-fixtures';
import { signUpTestStaff, type TestStaff } from '../../test/staff-helpers';
import { createAppOverDb, createTestApp, testDialects, type TestApp } from '../../test/test-app';
import { freeDeliveryFrom } from './shipping-rules';

/** Pages are rendered by the web build's server entry: these tests use the real build. */
const webDist = path.resolve(import.meta.dirname, '../../../../web/dist');

const method = (freeOver: number | null, price = 1000) => ({
  id: 0,
  name: { en: 'Standard' },
  price,
  freeOver,
  minDays: 1,
  maxDays: 3,
  cashOnDelivery: true,
  cashOnDeliveryFee: 0,
});
const zone = (...methods: ReturnType<typeof method>[]): ShippingZone => ({
  id: 1,
  name: 'Zone',
  countries: ['AE'],
  areas: [],
  methods,
});

describe('the amount from which delivery is free everywhere', () => {
  it('is the highest of the zones’ lowest free-over thresholds', () => {
    expect(freeDeliveryFrom([zone(method(20_000), method(30_000)), zone(method(14_000))])).toBe(
      20_000,
    );
  });

  it('is none when a zone is never free, or there is no zone', () => {
    expect(freeDeliveryFrom([zone(method(14_000)), zone(method(null))])).toBeNull();
    expect(freeDeliveryFrom([])).toBeNull();
  });

  it('does not count a method priced 0, which may be a pickup', () => {
    expect(freeDeliveryFrom([zone(method(null, 0))])).toBeNull();
  });
});

describe.each(testDialects)('the storefront’s delivery promise on %s', (dialect) => {
  let t: TestApp;
  let manager: TestStaff;
  let productPath: string;

  beforeAll(async () => {
    ensureWebBuild();
    t = await createTestApp(dialect, { webDistDir: webDist });
    manager = await signUpTestStaff(t.app, t.db, 'manager');
    const [product] = await productIds(t.db, 1);
    productPath = `/productdetails/${product}`;
  }, 240_000);
  afterAll(() => t.close());

  const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: manager.cookie }, ...(payload && { payload }) });
  /** The about and product pages as a newly started app server over the same database sends them. */
  const pages = async () => {
    const server = await createAppOverDb(t.db, { webDistDir: webDist });
    try {
      const bodies = [];
      for (const url of ['/about', productPath]) {
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        bodies.push(res.body.slice(res.body.indexOf('<div id="root">')));
      }
      return bodies;
    } finally {
      await server.close();
    }
  };
  const promised = async () =>
    (await pages()).map(
      (body) =>
        /Free delivery for all orders over \u2066([^\u2069]*)\u2069/.exec(body)?.[1] ?? null,
    );

  it('names the amount the zones make true, and none once a zone is never free', async () => {
    // The demo shop's zones: each free from 140.00.
    expect(await promised()).toEqual(['$140.00', '$140.00']);

    const uae: ShippingZoneEditor = {
      name: 'UAE',
      countries: ['AE'],
      areas: [],
      methods: [
        { ...method(20_000, 500), id: undefined, name: { en: 'Standard', ar: 'عادي' } },
        { ...method(30_000, 1500), id: undefined, name: { en: 'Express', ar: 'سريع' } },
      ],
    };
    expect((await as('POST', '/api/admin/shipping-zones', uae)).statusCode).toBe(201);
    expect(await promised()).toEqual(['$200.00', '$200.00']);

    const [egypt] = shippingZoneListSchema
      .parse((await as('GET', '/api/admin/shipping-zones')).json())
      .items.filter((z) => z.countries.includes('EG'));
    if (!egypt) throw new Error('the demo shop has no zone for Egypt');
    const neverFree = {
      name: egypt.name,
      countries: egypt.countries,
      areas: egypt.areas,
      methods: egypt.methods.map((m) => ({ ...m, freeOver: null })),
    };
    const saved = await as('PUT', `/api/admin/shipping-zones/${egypt.id}`, neverFree);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await promised()).toEqual([null, null]);
    expect((await pages()).join('')).not.toContain('Free delivery');
  });
});
