import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '@souq/contracts/health';
import {
  blankShopSettings,
  shopSettingsSchema,
  type ShopSettings,
} from '@souq/contracts/shop-settings';
import type { Db } from '../../db/connection';
import { defineRepository } from '../../db/repository';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { productCurrencyWriter } from '../catalog/product-currency';
import { couponCurrencyWriter } from '../marketing/coupons.repository';
import { shippingCurrencyWriter } from '../shipping/shipping.repository';

/** The settings row as stored: the JSON the service checks, and the version each save moves. */
export interface StoredSettings {
  json: string;
  version: number;
}

/** The last settings parsed, by their JSON: they change rarely, and a checkout reads them often. */
let lastParsed: { json: string; settings: ShopSettings } | undefined;

/** The stored JSON as settings, checked again by the contract (a row is only written checked). */
export function parseStoredSettings(row: StoredSettings | undefined): ShopSettings {
  if (!row) return blankShopSettings;
  if (lastParsed?.json !== row.json)
    lastParsed = { json: row.json, settings: shopSettingsSchema.parse(JSON.parse(row.json)) };
  return lastParsed.settings;
}

/** The settings row's JSON and version (the order's first read takes it with its others). */
export function selectSettings(executor: Kysely<Database>) {
  return executor
    .selectFrom('shop_settings')
    .select(['settings_json as json', 'version'])
    .where('id', '=', 1);
}

/** Every order and every rendered page reads the settings: built once (decisions 028, 029). */
const selectSettingsPrepared = preparedQuery<object, StoredSettings>(selectSettings);

/**
 * The settings over an executor, for a module that writes mail inside its own transaction
 * (`shopSettings: shopSettingsReader(executor)` among its queries, as with `auditWriter`).
 */
export function shopSettingsReader(executor: Kysely<Database>) {
  return {
    read: async (): Promise<ShopSettings> =>
      parseStoredSettings((await selectSettingsPrepared(executor, {})).rows[0]),
  };
}
export type ShopSettingsReader = ReturnType<typeof shopSettingsReader>;

function settingsQueries(executor: Kysely<Database>, dialect: DatabaseDialect) {
  const select = () => selectSettings(executor);
  return {
    /** The row, or undefined for a shop that has saved none. */
    read: async (): Promise<StoredSettings | undefined> =>
      (await selectSettingsPrepared(executor, {})).rows[0],

    /**
     * The row, held until the transaction ends: on PostgreSQL two owners saving at once are
     * put one after the other, so each audit entry's "before" is what the save replaced.
     * SQLite's write transactions run one at a time already.
     */
    readForUpdate: (): Promise<StoredSettings | undefined> =>
      (dialect === 'postgres' ? select().forUpdate() : select()).executeTakeFirst(),

    async write(json: string, at: string): Promise<number> {
      const row = await executor
        .insertInto('shop_settings')
        .values({ id: 1, settings_json: json, version: 1, updated_at: at })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            settings_json: eb.ref('excluded.settings_json'),
            updated_at: eb.ref('excluded.updated_at'),
            version: eb('shop_settings.version', '+', 1),
          })),
        )
        .returning('version')
        .executeTakeFirstOrThrow();
      return row.version;
    },

    audit: auditWriter(executor),
    productCurrency: productCurrencyWriter(executor),
    couponCurrency: couponCurrencyWriter(executor),
    shippingCurrency: shippingCurrencyWriter(executor),
  };
}

export function createSettingsRepository(db: Db) {
  return defineRepository(db, (executor) => settingsQueries(executor, db.dialect));
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
