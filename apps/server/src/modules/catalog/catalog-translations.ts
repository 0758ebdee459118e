import type { Kysely } from 'kysely';
import type { NameTranslations } from '@souq/contracts/catalog';
import { isLanguage, translatedLanguages, type LanguageCode } from '@souq/contracts/languages';
import type { Database } from '../../db/schema';
import { listArguments, preparedQuery } from '../../db/prepared-query';

/*
 * The catalog's text in the languages besides the default (decision 018): one row per product or
 * category and language in `product_translations` and `category_translations`, read here in bulk
 * (never a query per product) and written here. A row of a language the shop no longer lists is
 * kept but not read.
 */

/** A product's own text in one language; the back office may have written only one of the two. */
export interface ProductText {
  name: string | null;
  description: string | null;
}
export type ProductTexts = Partial<Record<LanguageCode, ProductText>>;

/**
 * A text for every language besides the default, null where there is none: what an editor that
 * replaces the set of translations writes, so a language it leaves empty is removed.
 */
export function everyTranslatedLanguage<T>(
  textOf: (code: LanguageCode) => T | null,
): Partial<Record<LanguageCode, T | null>> {
  return Object.fromEntries(
    translatedLanguages.map(({ code }) => [code, textOf(code as LanguageCode)]),
  );
}

/** A product's text row in one language. */
export interface ProductTextRow {
  product_id: number;
  language: string;
  name: string | null;
  description: string | null;
}

// Built once (decision 029): every order and cart reads its products' texts.
const selectProductTexts = (db: Kysely<Database>) =>
  db.selectFrom('product_translations').select(['product_id', 'language', 'name', 'description']);

/** The text rows of the products with these ids (values or a prepared query's arguments). */
export const selectProductTextsOf = (db: Kysely<Database>, ids: readonly number[]) =>
  selectProductTexts(db).where('product_id', 'in', ids).orderBy('product_id');

/** `shape`: how many ids. */
const textsOfIds = preparedQuery<{ ids: readonly number[] }, ProductTextRow>((db, arg, count) =>
  selectProductTextsOf(db, listArguments(arg, 'ids', count)),
);

const textsInRange = preparedQuery<{ after: number; upTo: number }, ProductTextRow>((db, arg) =>
  selectProductTexts(db)
    .where('product_id', '>', arg('after'))
    .where('product_id', '<=', arg('upTo'))
    .orderBy('product_id'),
);

/** Product texts by product id: of the products with ids in (after, upTo], or of the given ids. */
export async function productTextsOf(
  executor: Kysely<Database>,
  which: { after: number; upTo: number } | { ids: readonly number[] },
): Promise<Map<number, ProductTexts>> {
  if ('ids' in which && which.ids.length === 0) return new Map();
  const { rows } =
    'ids' in which
      ? await textsOfIds(executor, which, which.ids.length)
      : await textsInRange(executor, which);
  return productTextsByProduct(rows);
}

/** Text rows as each product's texts in the languages the shop lists. */
export function productTextsByProduct(rows: readonly ProductTextRow[]): Map<number, ProductTexts> {
  const byProduct = new Map<number, ProductTexts>();
  for (const row of rows) {
    if (!isLanguage(row.language)) continue;
    let texts = byProduct.get(row.product_id);
    if (!texts) byProduct.set(row.product_id, (texts = {}));
    texts[row.language] = { name: row.name, description: row.description };
  }
  return byProduct;
}

/** The languages a product is named in, as summaries (cart, order line, lists) show them. */
export function nameTranslationsOf(texts: ProductTexts | undefined): NameTranslations {
  const names: NameTranslations = {};
  for (const [language, text] of Object.entries(texts ?? {}))
    if (isLanguage(language) && text.name) names[language] = { name: text.name };
  return names;
}

/** Category names by category id, of every category or of the given ids. */
export async function categoryNamesOf(
  executor: Kysely<Database>,
  ids?: readonly number[],
): Promise<Map<number, NameTranslations>> {
  let query = executor
    .selectFrom('category_translations')
    .select(['category_id', 'language', 'name']);
  if (ids) {
    if (ids.length === 0) return new Map();
    query = query.where('category_id', 'in', ids);
  }
  const byCategory = new Map<number, NameTranslations>();
  for (const row of await query.execute()) {
    if (!isLanguage(row.language)) continue;
    let names = byCategory.get(row.category_id);
    if (!names) byCategory.set(row.category_id, (names = {}));
    names[row.language] = { name: row.name };
  }
  return byCategory;
}

/**
 * Sets the given products' text in one language, replacing what they had in it; null removes
 * it. Other languages are left as they are: each writer (the import, the back office) says only
 * the languages it knows of.
 */
export async function setProductTexts(
  trx: Kysely<Database>,
  language: LanguageCode,
  products: readonly { productId: number; text: ProductText | null }[],
): Promise<void> {
  if (products.length === 0) return;
  await trx
    .deleteFrom('product_translations')
    .where('language', '=', language)
    .where(
      'product_id',
      'in',
      products.map((p) => p.productId),
    )
    .execute();
  const rows = products.flatMap(({ productId, text }) =>
    text && (text.name || text.description)
      ? [{ product_id: productId, language, name: text.name, description: text.description }]
      : [],
  );
  if (rows.length > 0) await trx.insertInto('product_translations').values(rows).execute();
}

/** Sets a category's name in one language; null removes it. */
export async function setCategoryName(
  trx: Kysely<Database>,
  categoryId: number,
  language: LanguageCode,
  name: string | null,
): Promise<void> {
  if (name === null) {
    await trx
      .deleteFrom('category_translations')
      .where('category_id', '=', categoryId)
      .where('language', '=', language)
      .execute();
    return;
  }
  await trx
    .insertInto('category_translations')
    .values({ category_id: categoryId, language, name })
    .onConflict((oc) => oc.columns(['category_id', 'language']).doUpdateSet({ name }))
    .execute();
}
