import type { TaxClass } from '@souq/contracts/tax';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCategory,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductSummary,
} from '@souq/contracts/admin-catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter, type AuditActor } from '../audit/audit.repository';
import { shopSettingsReader } from '../settings/settings.repository';
import { exportCatalog } from '../catalog/catalog-export';
import { writeCatalogRows, type ImportRow } from '../catalog/catalog-import';
import {
  categoryNamesOf,
  nameTranslationsOf,
  productTextsOf,
  setCategoryName,
  setProductTexts,
  type ProductText,
} from '../catalog/catalog-translations';
import type { StoredColour } from '../catalog/product-mapper';
import type { LanguageCode } from '@souq/contracts/languages';
import { syncVariants, variantsOfProduct, type VariantCombination } from '../stock';

type Trx = Kysely<Database>;

/** A condition that a text column contains `text`, case-insensitively, wildcards taken literally. */
function contains(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** The products row fields the back office edits (the rest are the storefront's and the ledger's). */
export interface ProductWrite {
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  compare_at_cents: number | null;
  currency: string;
  category_id: number;
  images: string;
  colours: string;
  sizes: string;
  published: number;
  low_stock_threshold: number;
  tax_class: TaxClass;
  updated_at: string;
  /** The text in the languages named; null removes a language's, one not named is kept. */
  translations: Partial<Record<LanguageCode, ProductText | null>>;
}

export interface CategoryWrite {
  slug: string;
  name: string;
  image: string | null;
  /** The name in the languages named; null removes a language's, one not named is kept. */
  translations: Partial<Record<LanguageCode, string | null>>;
}

async function writeProductTexts(
  trx: Trx,
  productId: number,
  translations: ProductWrite['translations'],
) {
  for (const [language, text] of Object.entries(translations) as [
    LanguageCode,
    ProductText | null,
  ][])
    await setProductTexts(trx, language, [{ productId, text }]);
}

async function writeCategoryNames(
  trx: Trx,
  categoryId: number,
  translations: CategoryWrite['translations'],
) {
  for (const [language, name] of Object.entries(translations) as [LanguageCode, string | null][])
    await setCategoryName(trx, categoryId, language, name);
}

const summaryColumns = [
  'products.id',
  'products.slug',
  'products.name',
  'products.images',
  'products.price_cents',
  'products.compare_at_cents',
  'products.currency',
  'products.published',
  'products.stock',
  'products.updated_at',
  'categories.id as category_id',
  'categories.slug as category_slug',
  'categories.name as category_name',
] as const;

/** The back office's SQL for products and categories. */
function catalogAdminQueries(trx: Trx, now: () => Date) {
  /** A running flash sale holds the product. */
  const inRunningSale = () => {
    const at = now().toISOString();
    return sql<SqlBool>`exists (select 1 from flash_sale_products fsp
      join flash_sales fs on fs.id = fsp.flash_sale_id
      where fsp.product_id = products.id and fs.starts_at <= ${at} and fs.ends_at > ${at})`;
  };

  return {
    audit: auditWriter(trx),

    /** New and imported products are priced in the shop's currency. */
    shopSettings: shopSettingsReader(trx),

    async listProducts(
      query: AdminProductListQuery,
    ): Promise<{ items: AdminProductSummary[]; total: number }> {
      let select = trx
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .where('products.archived_at', 'is', null);
      if (query.q) {
        const q = query.q;
        select = select.where((eb) =>
          eb.or([
            contains('products.name', q),
            eb.exists(
              eb
                .selectFrom('product_translations')
                .select('product_translations.product_id')
                .whereRef('product_translations.product_id', '=', 'products.id')
                .where(contains('product_translations.name', q)),
            ),
            contains('products.slug', q),
            eb.exists(
              eb
                .selectFrom('product_variants')
                .select('product_variants.id')
                .whereRef('product_variants.product_id', '=', 'products.id')
                .where(contains('product_variants.sku', q)),
            ),
          ]),
        );
      }
      if (query.category) select = select.where('categories.slug', '=', query.category);
      if (query.published !== undefined)
        select = select.where('products.published', '=', query.published ? 1 : 0);
      // low: some live variant at or below the product's threshold, while not all are out.
      const someLow = sql<SqlBool>`exists (select 1 from product_variants v
        where v.product_id = products.id and v.archived_at is null
        and v.stock <= products.low_stock_threshold)`;
      if (query.stock === 'out') select = select.where('products.stock', '=', 0);
      if (query.stock === 'low') select = select.where('products.stock', '>', 0).where(someLow);
      if (query.stock === 'in_stock')
        select = select.where('products.stock', '>', 0).where(sql<SqlBool>`not ${someLow}`);
      if (query.onSale !== undefined) {
        const onSale = sql<SqlBool>`(products.compare_at_cents is not null or ${inRunningSale()})`;
        select = select.where(query.onSale ? onSale : sql<SqlBool>`not ${onSale}`);
      }
      const page = query.page ?? 1;
      const [count, rows] = await Promise.all([
        select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
        select
          .select([
            ...summaryColumns,
            inRunningSale().as('in_sale'),
            sql<number | string>`(select count(*) from product_variants v
              where v.product_id = products.id and v.archived_at is null)`.as('variant_count'),
            sql<number | string>`(select count(*) from product_variants v
              where v.product_id = products.id and v.archived_at is null
              and v.stock <= products.low_stock_threshold)`.as('low_count'),
          ])
          .orderBy('products.updated_at', 'desc')
          .orderBy('products.id', 'desc')
          .limit(ADMIN_PRODUCTS_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
          .execute(),
      ]);
      const texts = await productTextsOf(trx, { ids: rows.map((r) => r.id) });
      const categoryNames = await categoryNamesOf(trx, [
        ...new Set(rows.map((r) => r.category_id)),
      ]);
      return {
        total: Number(count?.total ?? 0),
        items: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          name: r.name,
          translations: nameTranslationsOf(texts.get(r.id)),
          image: (JSON.parse(r.images) as string[])[0] ?? '',
          category: {
            id: r.category_id,
            slug: r.category_slug,
            name: r.category_name,
            translations: categoryNames.get(r.category_id) ?? {},
          },
          price: r.price_cents,
          compareAtPrice: r.compare_at_cents,
          currency: r.currency,
          published: r.published === 1,
          stock: r.stock,
          variantCount: Math.max(1, Number(r.variant_count)),
          stockState: r.stock === 0 ? 'out' : Number(r.low_count) > 0 ? 'low' : 'in_stock',
          onSale: r.compare_at_cents !== null || Boolean(r.in_sale),
          updatedAt: toIsoString(r.updated_at),
        })),
      };
    },

    /** A product the back office edits (not archived), with its live variants. */
    async findProduct(id: number): Promise<AdminProduct | undefined> {
      const row = await trx
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select([
          ...summaryColumns,
          'products.description',
          'products.colours',
          'products.sizes',
          'products.low_stock_threshold',
          'products.tax_class',
          'products.created_at',
        ])
        .where('products.id', '=', id)
        .where('products.archived_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const variants = (await variantsOfProduct(trx, id)).filter((v) => !v.archived);
      const texts = (await productTextsOf(trx, { ids: [id] })).get(id) ?? {};
      const categoryNames = await categoryNamesOf(trx, [row.category_id]);
      return {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        translations: texts,
        price: row.price_cents,
        compareAtPrice: row.compare_at_cents,
        currency: row.currency,
        category: {
          id: row.category_id,
          slug: row.category_slug,
          name: row.category_name,
          translations: categoryNames.get(row.category_id) ?? {},
        },
        images: JSON.parse(row.images) as string[],
        colours: (JSON.parse(row.colours) as StoredColour[]).map((c) => ({
          name: c.name,
          translations: c.translations ?? {},
          hex: c.hex,
        })),
        sizes: JSON.parse(row.sizes) as string[],
        variants: variants.map((v) => ({
          id: v.id,
          colour: v.colour || null,
          size: v.size || null,
          sku: v.sku,
          stock: v.stock,
        })),
        published: row.published === 1,
        lowStockThreshold: row.low_stock_threshold,
        taxClass: row.tax_class,
        createdAt: toIsoString(row.created_at),
        updatedAt: toIsoString(row.updated_at),
      };
    },

    async insertProduct(product: ProductWrite): Promise<number> {
      const { translations, ...row } = product;
      const { id } = await trx
        .insertInto('products')
        .values({ ...row, stock: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeProductTexts(trx, id, translations);
      return id;
    },

    async updateProduct(id: number, product: Omit<ProductWrite, 'currency'>): Promise<void> {
      const { translations, ...row } = product;
      await trx.updateTable('products').set(row).where('id', '=', id).execute();
      await writeProductTexts(trx, id, translations);
    },

    syncVariants: (
      productId: number,
      combinations: VariantCombination[],
      actor: AuditActor,
      at: Date,
    ) => syncVariants(trx, productId, combinations, { actor, at: at.toISOString() }),

    /** Products that exist and are not archived, among these ids, with what bulk actions change. */
    async liveProducts(ids: number[]) {
      if (ids.length === 0) return [];
      return trx
        .selectFrom('products')
        .select(['id', 'published', 'category_id'])
        .where('id', 'in', ids)
        .where('archived_at', 'is', null)
        .execute();
    },

    async updateProducts(
      ids: number[],
      changes: { published?: number; category_id?: number; archived_at?: string },
      at: string,
    ): Promise<number> {
      const result = await trx
        .updateTable('products')
        .set({ ...changes, updated_at: at })
        .where('id', 'in', ids)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /* Import and export */

    /** Which of these slugs name a product already (archived ones too: the import revives them). */
    async existingSlugs(slugs: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      // In chunks: SQLite takes at most 32 766 parameters in one statement.
      for (let i = 0; i < slugs.length; i += 500) {
        const rows = await trx
          .selectFrom('products')
          .select('slug')
          .where('slug', 'in', slugs.slice(i, i + 500))
          .execute();
        for (const r of rows) found.add(r.slug);
      }
      return found;
    },

    writeCatalogRows: (rows: ImportRow[], actor: AuditActor, at: Date) =>
      writeCatalogRows(trx, rows, { actor, at }),

    /** The catalog file the catalog module writes, variants and SKUs included. */
    exportCatalog: (format: 'csv' | 'json') => exportCatalog(trx, format),

    /* Categories */

    async listCategories(): Promise<AdminCategory[]> {
      const rows = await trx
        .selectFrom('categories')
        .leftJoin('products', (join) =>
          join
            .onRef('products.category_id', '=', 'categories.id')
            .on('products.archived_at', 'is', null),
        )
        .select([
          'categories.id',
          'categories.slug',
          'categories.name',
          'categories.image',
          'categories.position',
          (eb) => eb.fn.count<number | string>('products.id').as('product_count'),
        ])
        .groupBy([
          'categories.id',
          'categories.slug',
          'categories.name',
          'categories.image',
          'categories.position',
        ])
        .orderBy('categories.position')
        .orderBy('categories.id')
        .execute();
      const names = await categoryNamesOf(trx);
      return rows.map((r, position) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        translations: names.get(r.id) ?? {},
        image: r.image,
        // The storefront's order, counted from 0 whatever gaps deletions left.
        position,
        productCount: Number(r.product_count),
      }));
    },

    async findCategory(id: number) {
      const row = await trx
        .selectFrom('categories')
        .select(['id', 'slug', 'name', 'image', 'position'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { ...row, translations: (await categoryNamesOf(trx, [id])).get(id) ?? {} };
    },

    async categoryIdOfSlug(slug: string): Promise<number | undefined> {
      const row = await trx
        .selectFrom('categories')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row?.id;
    },

    async insertCategory(category: CategoryWrite): Promise<number> {
      const last = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max<number>('position').as('position'))
        .executeTakeFirst();
      const { translations, ...row } = category;
      const { id } = await trx
        .insertInto('categories')
        .values({ ...row, position: (last?.position ?? -1) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeCategoryNames(trx, id, translations);
      return id;
    },

    async updateCategory(id: number, category: CategoryWrite): Promise<void> {
      const { translations, ...row } = category;
      await trx.updateTable('categories').set(row).where('id', '=', id).execute();
      await writeCategoryNames(trx, id, translations);
    },

    async categoryIds(): Promise<number[]> {
      const rows = await trx.selectFrom('categories').select('id').execute();
      return rows.map((r) => r.id);
    },

    async setCategoryPosition(id: number, position: number): Promise<void> {
      await trx.updateTable('categories').set({ position }).where('id', '=', id).execute();
    },

    /** Every product of the category, archived ones too: they keep it for their orders. */
    async countProductsIn(categoryId: number): Promise<number> {
      const row = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('category_id', '=', categoryId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async deleteCategory(id: number): Promise<void> {
      await trx.deleteFrom('categories').where('id', '=', id).execute();
    },
  };
}

export function createCatalogAdminRepository(db: Db, now: () => Date = () => new Date()) {
  return defineRepository(db, (executor) => catalogAdminQueries(executor, now));
}
export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
