import { blankShopSettings, type ShopSettings } from '@souq/contracts/shop-settings';
import { AppError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import {
  parseStoredSettings,
  type SettingsRepository,
  type StoredSettings,
} from './settings.repository';

/** The settings as of one version; version 0 is a shop that has saved none. */
export interface CurrentSettings {
  settings: ShopSettings;
  version: number;
}

export interface SettingsServiceDependencies {
  repository: SettingsRepository;
  /** Which of these uploaded-picture paths name a stored picture (the media module's). */
  existingMedia: (paths: string[]) => Promise<Set<string>>;
  clock?: () => Date;
}

/**
 * The shop's settings. Every reader (pages, mail, GET /api/settings) reads the row afresh: one
 * primary-key read, whichever app server saved last, so a change reaches every server on its
 * next request. The JSON is checked again only when the version has moved.
 */
export function createSettingsService({
  repository,
  existingMedia,
  clock = () => new Date(),
}: SettingsServiceDependencies) {
  let parsed: CurrentSettings = { settings: blankShopSettings, version: 0 };

  function fromRow(row: StoredSettings | undefined): CurrentSettings {
    if (!row) return { settings: blankShopSettings, version: 0 };
    if (row.version !== parsed.version) {
      parsed = { settings: parseStoredSettings(row), version: row.version };
    }
    return parsed;
  }

  return {
    current: async (): Promise<CurrentSettings> => fromRow(await repository.read()),

    async read(): Promise<ShopSettings> {
      return fromRow(await repository.read()).settings;
    },

    /**
     * Saves the whole record (the contract has checked it) and writes the audit entry with it.
     * A new currency re-labels the catalog in the same transaction (changeCurrency).
     */
    async update(actor: AuditActor, settings: ShopSettings): Promise<ShopSettings> {
      if (settings.logo !== null && !(await existingMedia([settings.logo])).has(settings.logo)) {
        throw new AppError(400, 'invalid_request', 'The logo is not an uploaded picture.', {
          logo: 'Upload the logo again',
        });
      }
      const at = clock();
      return repository.transaction(async (tx) => {
        const before = fromRow(await tx.readForUpdate()).settings;
        if (before.currency !== settings.currency) {
          await changeCurrency(tx, before.currency, settings.currency);
        }
        const version = await tx.write(JSON.stringify(settings), at.toISOString());
        await tx.audit.record({
          actor,
          action: 'settings.updated',
          entityType: 'shop_settings',
          entityId: 1,
          before,
          after: settings,
          at,
        });
        parsed = { settings, version };
        return settings;
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

type SettingsTransaction = Parameters<Parameters<SettingsRepository['transaction']>[0]>[0];

/**
 * The shop sells in a new currency: every product, coupon and delivery method takes it with the same figures
 * (25.00 USD becomes 25.000 KWD; decision 019), so nothing is priced in two currencies at once.
 * Refused when a figure has no exact equal (25.99 USD has no JPY) or grows past what is stored:
 * the owner rounds those first. Orders keep the currency they were placed and are refunded in.
 */
async function changeCurrency(tx: SettingsTransaction, from: string, to: string): Promise<void> {
  const unscalable =
    (await tx.productCurrency.countUnscalable(to)) +
    (await tx.couponCurrency.countUnscalable(from, to)) +
    (await tx.shippingCurrency.countUnscalable(from, to));
  if (unscalable > 0) {
    throw new AppError(
      400,
      'invalid_request',
      `${unscalable} prices or coupon amounts have no exact equal in ${to}.`,
      {
        currency: `${unscalable} prices or coupon amounts have more decimals than ${to} has (or are too large): change them first`,
      },
    );
  }
  await tx.productCurrency.relabel(to);
  await tx.couponCurrency.rescale(from, to);
  await tx.shippingCurrency.rescale(from, to);
}
