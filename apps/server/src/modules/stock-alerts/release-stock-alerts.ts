import type { Kysely } from 'kysely';
import { defaultLanguage, textIn, type LanguageCode } from '@souq/contracts/languages';
import type { Database } from '../../db/schema';
import { queueMail } from '../mail/outbox.queries';
import { backInStockMail } from '../mail/templates/back-in-stock';
import { shopSettingsReader } from '../settings/settings.repository';
import { waiting } from './stock-alerts.repository';

/** The page of a mail's unsubscribe link, on the shop's address the product link names. */
export function unsubscribeUrl(productUrl: string, token: string, language: LanguageCode): string {
  const url = new URL(`/back-in-stock/unsubscribe/${token}`, productUrl);
  url.searchParams.set('lang', language);
  return url.toString();
}

/**
 * Called by the stock module wherever a variant's stock rises above zero (its ledger's one
 * writer, so an adjustment, an import, a cancel, a refused delivery and a refund with restock
 * all come here): marks every request waiting for those variants done and queues its mail, in
 * the transaction that raised the stock. The update claims each row once: a second raise, on
 * this or another app server, waits for the variant's row lock and then finds nothing waiting.
 */
export async function releaseStockAlerts(
  trx: Kysely<Database>,
  variantIds: number[],
  at: string,
): Promise<void> {
  if (variantIds.length === 0) return;
  const released = await trx
    .updateTable('stock_alerts')
    .set({ notified_at: at })
    .where('variant_id', 'in', variantIds)
    .where(waiting)
    .returning(['id', 'email', 'language', 'product_id', 'product_url', 'token'])
    .execute();
  if (released.length === 0) return;
  const productIds = [...new Set(released.map((r) => r.product_id))];
  const [products, translations, shop] = await Promise.all([
    trx.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute(),
    trx
      .selectFrom('product_translations')
      .select(['product_id', 'language', 'name'])
      .where('product_id', 'in', productIds)
      .execute(),
    shopSettingsReader(trx).read(),
  ]);
  for (const alert of released.sort((a, b) => a.id - b.id)) {
    const names: Partial<Record<LanguageCode, string>> = {
      [defaultLanguage]: products.find((p) => p.id === alert.product_id)?.name ?? '',
    };
    for (const t of translations)
      if (t.product_id === alert.product_id && t.name) names[t.language] = t.name;
    const mail = backInStockMail({
      locale: alert.language,
      productName: textIn(names, alert.language),
      productUrl: alert.product_url,
      unsubscribeUrl: unsubscribeUrl(alert.product_url, alert.token, alert.language),
      shop,
    });
    await queueMail(trx, { ...mail, kind: 'back_in_stock', to: alert.email, orderId: null, at });
  }
}
