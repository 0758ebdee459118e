import type { Kysely } from 'kysely';
import { csvRow } from '../../csv/csv';
import type { Database } from '../../db/schema';
import type { NameTranslations } from '@souq/contracts/catalog';
import { translatedLanguages, type LanguageCode } from '@souq/contracts/languages';
import type { TaxClass } from '@souq/contracts/tax';
import { categoryNamesOf, productTextsOf } from './catalog-translations';
import type { StoredColour } from './product-mapper';

/**
 * The whole catalog in the import's format (README, "Importing a catalog"), as CSV or JSON:
 * what the back office's export downloads and `catalog:import` (or the back office's import)
 * reads back unchanged. Each product lists its live variants with their SKU and stock.
 */

/** Products read at a time, so a large catalog does not hold the event loop in one read. */
const READ_CHUNK = 2_000;

export interface ExportedVariant {
  colour?: string;
  size?: string;
  sku?: string;
  stock: number;
}

/** A colour as an import file says it, with its names in the shop's other languages. */
export interface ExportedColour {
  name: string;
  hex: string;
  translations?: NameTranslations;
}

/** One product as an import file says it; absent fields are "not given". */
export interface ExportedProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  categorySlug: string;
  price: number;
  compareAtPrice?: number;
  currency: string;
  taxClass: TaxClass;
  stock: number;
  images: string[];
  colours: ExportedColour[];
  sizes: string[];
  /** The text in the shop's other languages; a language the product has half a text in is left out. */
  translations?: Partial<Record<LanguageCode, { name: string; description: string }>>;
  categoryTranslations?: Partial<Record<LanguageCode, string>>;
  variants: ExportedVariant[];
}

/** The languages a file gives text in besides the default: every other one of the list. */
const fileLanguages = translatedLanguages.map((language) => language.code as LanguageCode);

/** `texts` if it has any language of the list; undefined when there is none. */
function someText<T>(
  texts: Partial<Record<LanguageCode, T>>,
): Partial<Record<LanguageCode, T>> | undefined {
  const kept = fileLanguages.flatMap((code) => {
    const text = texts[code];
    return text === undefined ? [] : [[code, text] as const];
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** Every product not deleted (archived), in id order, with its category and live variants. */
export async function exportedProducts(executor: Kysely<Database>): Promise<ExportedProduct[]> {
  const products: ExportedProduct[] = [];
  const categoryNames = await categoryNamesOf(executor);
  let after = 0;
  for (;;) {
    const rows = await executor
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select([
        'products.id',
        'products.slug',
        'products.name',
        'products.description',
        'products.price_cents',
        'products.compare_at_cents',
        'products.currency',
        'products.tax_class',
        'products.stock',
        'products.images',
        'products.colours',
        'products.sizes',
        'categories.slug as category_slug',
        'categories.name as category_name',
        'products.category_id',
      ])
      .where('products.id', '>', after)
      // a deleted product stays deleted: importing the file back would bring it back
      .where('products.archived_at', 'is', null)
      .orderBy('products.id')
      .limit(READ_CHUNK)
      .execute();
    const last = rows.at(-1);
    if (!last) break;
    const variants = await executor
      .selectFrom('product_variants')
      .select(['product_id', 'colour', 'size', 'sku', 'stock'])
      .where('product_id', '>', after)
      .where('product_id', '<=', last.id)
      .where('archived_at', 'is', null)
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
    const texts = await productTextsOf(executor, { after, upTo: last.id });
    for (const row of rows) {
      const productTexts = texts.get(row.id) ?? {};
      const complete: Partial<Record<LanguageCode, { name: string; description: string }>> = {};
      for (const code of fileLanguages) {
        const text = productTexts[code];
        if (text?.name && text.description)
          complete[code] = { name: text.name, description: text.description };
      }
      const categoryTranslations = someText(
        Object.fromEntries(
          Object.entries(categoryNames.get(row.category_id) ?? {}).map(([code, named]) => [
            code,
            named.name,
          ]),
        ) as Partial<Record<LanguageCode, string>>,
      );
      const translations = someText(complete);
      products.push({
        slug: row.slug,
        name: row.name,
        description: row.description,
        category: row.category_name,
        categorySlug: row.category_slug,
        price: row.price_cents,
        ...(row.compare_at_cents === null ? {} : { compareAtPrice: row.compare_at_cents }),
        currency: row.currency,
        taxClass: row.tax_class,
        stock: row.stock,
        images: JSON.parse(row.images) as string[],
        colours: (JSON.parse(row.colours) as StoredColour[]).map((c) => {
          const names = someText(c.translations ?? {});
          return { name: c.name, hex: c.hex, ...(names ? { translations: names } : {}) };
        }),
        sizes: JSON.parse(row.sizes) as string[],
        ...(translations ? { translations } : {}),
        ...(categoryTranslations ? { categoryTranslations } : {}),
        variants: variants
          .filter((v) => v.product_id === row.id)
          .map((v) => ({
            ...(v.colour ? { colour: v.colour } : {}),
            ...(v.size ? { size: v.size } : {}),
            ...(v.sku ? { sku: v.sku } : {}),
            stock: v.stock,
          })),
      });
    }
    if (rows.length < READ_CHUNK) break;
    after = last.id;
  }
  return products;
}

/** The catalog as an import file: a JSON array, or CSV with the README's columns. */
export async function exportCatalog(
  executor: Kysely<Database>,
  format: 'csv' | 'json',
): Promise<string> {
  const products = await exportedProducts(executor);
  if (format === 'json') return `${JSON.stringify(products, null, 2)}\n`;
  // name_ar, description_ar, category_ar, colours_ar, and the same for every other language.
  const languageColumns = fileLanguages.flatMap((code) => [
    { name: `name_${code}`, cell: (p: ExportedProduct) => p.translations?.[code]?.name },
    {
      name: `description_${code}`,
      cell: (p: ExportedProduct) => p.translations?.[code]?.description,
    },
    { name: `category_${code}`, cell: (p: ExportedProduct) => p.categoryTranslations?.[code] },
    {
      name: `colours_${code}`,
      // The colours' names in the colours' order, empty for a colour without one.
      cell: (p: ExportedProduct) =>
        p.colours.some((c) => c.translations?.[code])
          ? p.colours.map((c) => c.translations?.[code]?.name ?? '').join('|')
          : undefined,
    },
  ]);
  const header = [...CSV_COLUMNS, ...languageColumns.map((c) => c.name)];
  const rows = products.map((p) => [
    ...CSV_COLUMNS.map((c) => csvCell(p, c)),
    ...languageColumns.map((c) => c.cell(p) ?? ''),
  ]);
  return [header, ...rows].map(csvRow).join('');
}

const CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  'categorySlug',
  'price',
  'compareAtPrice',
  'currency',
  'taxClass',
  'stock',
  'images',
  'colours',
  'sizes',
  'variants',
] as const;

function csvCell(p: ExportedProduct, column: (typeof CSV_COLUMNS)[number]): string {
  switch (column) {
    case 'images':
    case 'sizes':
      return p[column].join('|');
    case 'colours':
      return p.colours.map((c) => `${c.name}=${c.hex}`).join('|');
    case 'variants':
      return p.variants
        .map((v) => [v.colour ?? '', v.size ?? '', v.sku ?? '', String(v.stock)].join(';'))
        .join('|');
    default: {
      const value = p[column];
      return value === undefined ? '' : String(value);
    }
  }
}
