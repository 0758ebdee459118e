import type { Kysely, Selectable } from 'kysely';
import {
  shippingMethodNameSchema,
  type ShippingZone,
  type ShippingZoneValues,
} from '@souq/contracts/shipping';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import type { Database, ShippingMethodTable, ShippingZoneTable } from '../../db/schema';
import { currencyScale } from '../../db/currency-scale';
import { auditWriter } from '../audit/audit.repository';

const methodAmounts = ['price_cents', 'free_over_cents', 'cod_fee_cents'];

/**
 * The settings module's hold on method prices when the shop changes currency: the same figures
 * in the new currency's minor units, as products and coupons take them.
 */
export function shippingCurrencyWriter(trx: Kysely<Database>) {
  return {
    countUnscalable: (from: string, to: string) =>
      currencyScale(from, to).countUnscalable(trx, 'shipping_methods', methodAmounts),
    rescale: (from: string, to: string) =>
      currencyScale(from, to).scale(trx, 'shipping_methods', methodAmounts),
  };
}

function toZone(
  zone: Selectable<ShippingZoneTable>,
  methods: Selectable<ShippingMethodTable>[],
): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    countries: JSON.parse(zone.countries) as string[],
    areas: JSON.parse(zone.areas) as string[],
    methods: methods
      .filter((m) => m.zone_id === zone.id)
      .sort((a, b) => a.position - b.position)
      .map((m) => ({
        id: m.id,
        name: shippingMethodNameSchema.parse(JSON.parse(m.name)),
        price: m.price_cents,
        freeOver: m.free_over_cents,
        minDays: m.min_days,
        maxDays: m.max_days,
        cashOnDelivery: Boolean(m.cash_on_delivery),
        cashOnDeliveryFee: m.cod_fee_cents,
      })),
  };
}

/**
 * Every zone with its methods, over an executor: the orders module reads them inside the
 * order's transaction (`shippingZones: shippingZonesReader(trx)`), so a zone changed at the same
 * moment is seen either wholly before or wholly after.
 */
export function shippingZonesReader(executor: Kysely<Database>) {
  return {
    async list(id?: number): Promise<ShippingZone[]> {
      let zones = executor.selectFrom('shipping_zones').selectAll().orderBy('id');
      if (id !== undefined) zones = zones.where('id', '=', id);
      const zoneRows = await zones.execute();
      if (zoneRows.length === 0) return [];
      const methods = await executor
        .selectFrom('shipping_methods')
        .selectAll()
        .where(
          'zone_id',
          'in',
          zoneRows.map((z) => z.id),
        )
        .execute();
      return zoneRows.map((z) => toZone(z, methods));
    },
  };
}

export type ShippingZonesReader = ReturnType<typeof shippingZonesReader>;

/** The zones' SQL over an executor; the demo seed writes its zones with it too. */
export function shippingZoneQueries(executor: Kysely<Database>, dialect: Db['dialect']) {
  const reader = shippingZonesReader(executor);
  const bool = (value: boolean) => (dialect === 'postgres' ? value : value ? 1 : 0);

  async function writeMethods(zoneId: number, values: ShippingZoneValues): Promise<void> {
    const kept = values.methods.flatMap((m) => (m.id === undefined ? [] : [m.id]));
    let gone = executor.deleteFrom('shipping_methods').where('zone_id', '=', zoneId);
    if (kept.length > 0) gone = gone.where('id', 'not in', kept);
    await gone.execute();
    for (const [position, method] of values.methods.entries()) {
      const columns = {
        zone_id: zoneId,
        position,
        name: JSON.stringify(method.name),
        price_cents: method.price,
        free_over_cents: method.freeOver,
        min_days: method.minDays,
        max_days: method.maxDays,
        cash_on_delivery: bool(method.cashOnDelivery),
        cod_fee_cents: method.cashOnDeliveryFee,
      };
      if (method.id === undefined) {
        await executor.insertInto('shipping_methods').values(columns).execute();
      } else {
        await executor
          .updateTable('shipping_methods')
          .set(columns)
          .where('id', '=', method.id)
          .where('zone_id', '=', zoneId)
          .execute();
      }
    }
  }

  return {
    listZones: () => reader.list(),

    findZone: async (id: number): Promise<ShippingZone | undefined> => (await reader.list(id))[0],

    async insertZone(values: ShippingZoneValues): Promise<number> {
      const { id } = await executor
        .insertInto('shipping_zones')
        .values({
          name: values.name,
          countries: JSON.stringify(values.countries),
          areas: JSON.stringify(values.areas),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeMethods(id, values);
      return id;
    },

    async updateZone(id: number, values: ShippingZoneValues): Promise<void> {
      await executor
        .updateTable('shipping_zones')
        .set({
          name: values.name,
          countries: JSON.stringify(values.countries),
          areas: JSON.stringify(values.areas),
        })
        .where('id', '=', id)
        .execute();
      await writeMethods(id, values);
    },

    async deleteZone(id: number): Promise<void> {
      await executor.deleteFrom('shipping_methods').where('zone_id', '=', id).execute();
      await executor.deleteFrom('shipping_zones').where('id', '=', id).execute();
    },

    audit: auditWriter(executor),
  };
}

export function createShippingRepository(db: Db) {
  return defineRepository(db, (executor) => shippingZoneQueries(executor, db.dialect));
}
export type ShippingRepository = ReturnType<typeof createShippingRepository>;
