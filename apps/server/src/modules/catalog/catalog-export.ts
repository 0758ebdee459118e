import type { Kysely } from 'kysely';
import { csvRow } from '../../csv/csv';
import type { Database } from '../../db/schema';
import type { NameTranslations } from '@souq/contracts/catalog';
import { translatedLanguages, type LanguageCode } from '@souq/contracts/languages';
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

/** A colour as an import file says it: its Arabic name beside the English one. */
export interface ExportedColour {
  name: string;
  hex: string;
  nameAr?: string;
  /** Its names in the languages besides English and Arabic. */
  translations?: NameTranslations;
}

/** One product as an import file says it; absent fields are "not given". */
export interface ExportedProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  categorySlug: string;
  categoryAr?: string;
  price: number;
  compareAtPrice?: number;
  currency: string;
  stock: number;
  images: string[];
  colours: ExportedColour[];
  sizes: string[];
  nameAr?: string;
  descriptionAr?: string;
  /** The text in the languages besides English and Arabic, in the import's generic form. */
  translations?: Partial<Record<LanguageCode, { name: string; description: string }>>;
  categoryTranslations?: Partial<Record<LanguageCode, string>>;
  variants: ExportedVariant[];
}

/** The languages the file gives in its generic form: Arabic has fields of its own. */
const genericLanguages = translatedLanguages
  .map((language) => language.code as LanguageCode)
  .filter((code) => code !== 'ar');

/** The entries of `texts` in the generic languages; undefined when there are none. */
function generic<T>(
  texts: Partial<Record<LanguageCode, T>>,
): Partial<Record<LanguageCode, T>> | undefined {
  const kept = genericLanguages.flatMap((code) => {
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
      const categoryNamed = categoryNames.get(row.category_id) ?? {};
      const categoryAr = categoryNamed.ar?.name;
      const productTexts = texts.get(row.id) ?? {};
      const arabic = productTexts.ar;
      const complete: Partial<Record<LanguageCode, { name: string; description: string }>> = {};
      for (const code of genericLanguages) {
        const text = productTexts[code];
        if (text?.name && text.description)
          complete[code] = { name: text.name, description: text.description };
      }
      const categoryTranslations = generic(
        Object.fromEntries(
          Object.entries(categoryNamed).map(([code, named]) => [code, named.name]),
        ) as Partial<Record<LanguageCode, string>>,
      );
      const translations = generic(complete);
      products.push({
        slug: row.slug,
        name: row.name,
        description: row.description,
        category: row.category_name,
        categorySlug: row.category_slug,
        ...(categoryAr ? { categoryAr } : {}),
        price: row.price_cents,
        ...(row.compare_at_cents === null ? {} : { compareAtPrice: row.compare_at_cents }),
        currency: row.currency,
        stock: row.stock,
        images: JSON.parse(row.images) as string[],
        colours: (JSON.parse(row.colours) as StoredColour[]).map((c) => {
          const others = generic(c.translations ?? {});
          return {
            name: c.name,
            hex: c.hex,
            ...(c.translations?.ar ? { nameAr: c.translations.ar.name } : {}),
            ...(others ? { translations: others } : {}),
          };
        }),
        sizes: JSON.parse(row.sizes) as string[],
        // The file's Arabic comes as a pair, as the import reads it.
        ...(arabic?.name && arabic.description
          ? { nameAr: arabic.name, descriptionAr: arabic.description }
          : {}),
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
  // name_fr, description_fr, category_fr for each language besides English and Arabic.
  const languageColumns = genericLanguages.flatMap((code) => [
    { name: `name_${code}`, cell: (p: ExportedProduct) => p.translations?.[code]?.name },
    {
      name: `description_${code}`,
      cell: (p: ExportedProduct) => p.translations?.[code]?.description,
    },
    { name: `category_${code}`, cell: (p: ExportedProduct) => p.categoryTranslations?.[code] },
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
  'categoryAr',
  'price',
  'compareAtPrice',
  'currency',
  'stock',
  'images',
  'colours',
  'sizes',
  'nameAr',
  'descriptionAr',
  'variants',
] as const;

function csvCell(p: ExportedProduct, column: (typeof CSV_COLUMNS)[number]): string {
  switch (column) {
    case 'images':
    case 'sizes':
      return p[column].join('|');
    case 'colours':
      return p.colours.map((c) => [c.name, c.hex, c.nameAr].filter(Boolean).join('=')).join('|');
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
