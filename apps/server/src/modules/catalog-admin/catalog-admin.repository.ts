import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminCategory,
  type AdminProductListQuery,
  type AdminProductSummary,
} from '@souq/contracts/admin-catalog';
import type { Db } from '../../db/connection';
import { toIsoString } from '../../db/dialect';
import { defineRepository } from '../../db/repository';
import type { Database } from '../../db/schema';
import { auditWriter } from '../audit/audit.repository';
import { writeCatalogRows, type ImportRow } from '../catalog/catalog-import';
import type { StoredColour } from '../catalog/product-mapper';
import type { CatalogFileRecord } from './catalog-file';

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
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  price_cents: number;
  compare_at_cents: number | null;
  currency: string;
  category_id: number;
  images: string;
  colours: string;
  sizes: string;
  published: number;
  updated_at: string;
}

export interface CategoryWrite {
  slug: string;
  name: string;
  name_ar: string | null;
  image: string | null;
}

const summaryColumns = [
  'products.id',
  'products.slug',
  'products.name',
  'products.name_ar',
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
  'categories.name_ar as category_name_ar',
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

    /** The shop's currency: that of most of its products, US dollars for an empty shop. */
    async shopCurrency(): Promise<string> {
      const row = await trx
        .selectFrom('products')
        .select(['currency', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('currency')
        .orderBy('count', 'desc')
        .orderBy('currency')
        .limit(1)
        .executeTakeFirst();
      return row?.currency ?? 'USD';
    },

    async listProducts(
      query: AdminProductListQuery,
      lowStockThreshold: number,
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
            contains('products.name_ar', q),
            contains('products.slug', q),
          ]),
        );
      }
      if (query.category) select = select.where('categories.slug', '=', query.category);
      if (query.published !== undefined)
        select = select.where('products.published', '=', query.published ? 1 : 0);
      if (query.stock === 'out') select = select.where('products.stock', '=', 0);
      if (query.stock === 'low')
        select = select
          .where('products.stock', '>', 0)
          .where('products.stock', '<=', lowStockThreshold);
      if (query.stock === 'in_stock')
        select = select.where('products.stock', '>', lowStockThreshold);
      if (query.onSale !== undefined) {
        const onSale = sql<SqlBool>`(products.compare_at_cents is not null or ${inRunningSale()})`;
        select = select.where(query.onSale ? onSale : sql<SqlBool>`not ${onSale}`);
      }
      const page = query.page ?? 1;
      const [count, rows] = await Promise.all([
        select.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
        select
          .select([...summaryColumns, inRunningSale().as('in_sale')])
          .orderBy('products.updated_at', 'desc')
          .orderBy('products.id', 'desc')
          .limit(ADMIN_PRODUCTS_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE)
          .execute(),
      ]);
      return {
        total: Number(count?.total ?? 0),
        items: rows.map((r) => ({
          id: r.id,
          slug: r.slug,
          name: r.name,
          nameAr: r.name_ar,
          image: (JSON.parse(r.images) as string[])[0] ?? '',
          category: {
            id: r.category_id,
            slug: r.category_slug,
            name: r.category_name,
            nameAr: r.category_name_ar,
          },
          price: r.price_cents,
          compareAtPrice: r.compare_at_cents,
          currency: r.currency,
          published: r.published === 1,
          stock: r.stock,
          variantCount: 1,
          stockState: r.stock === 0 ? 'out' : r.stock <= lowStockThreshold ? 'low' : 'in_stock',
          onSale: r.compare_at_cents !== null || Boolean(r.in_sale),
          updatedAt: toIsoString(r.updated_at),
        })),
      };
    },

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

    writeCatalogRows: (rows: ImportRow[], at: Date) => writeCatalogRows(trx, rows, at),

    /** Every product the back office lists, in the import's format, in id order. */
    async exportRecords(): Promise<CatalogFileRecord[]> {
      const rows = await trx
        .selectFrom('products')
        .innerJoin('categories', 'categories.id', 'products.category_id')
        .select([
          'products.slug',
          'products.name',
          'products.description',
          'products.name_ar',
          'products.description_ar',
          'products.price_cents',
          'products.compare_at_cents',
          'products.currency',
          'products.stock',
          'products.images',
          'products.colours',
          'products.sizes',
          'categories.slug as category_slug',
          'categories.name as category_name',
          'categories.name_ar as category_name_ar',
        ])
        .where('products.archived_at', 'is', null)
        .orderBy('products.id')
        .execute();
      return rows.map((r) => ({
        slug: r.slug,
        name: r.name,
        description: r.description,
        category: r.category_name,
        categorySlug: r.category_slug,
        ...(r.category_name_ar !== null && { categoryAr: r.category_name_ar }),
        price: r.price_cents,
        ...(r.compare_at_cents !== null && { compareAtPrice: r.compare_at_cents }),
        currency: r.currency,
        stock: r.stock,
        images: JSON.parse(r.images) as string[],
        colours: JSON.parse(r.colours) as StoredColour[],
        sizes: JSON.parse(r.sizes) as string[],
        // The import takes the Arabic name and description together or not at all.
        ...(r.name_ar !== null &&
          r.description_ar !== null && { nameAr: r.name_ar, descriptionAr: r.description_ar }),
      }));
    },

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
          'categories.name_ar',
          'categories.image',
          'categories.position',
          (eb) => eb.fn.count<number | string>('products.id').as('product_count'),
        ])
        .groupBy([
          'categories.id',
          'categories.slug',
          'categories.name',
          'categories.name_ar',
          'categories.image',
          'categories.position',
        ])
        .orderBy('categories.position')
        .orderBy('categories.id')
        .execute();
      return rows.map((r, position) => ({
        id: r.id,
        slug: r.slug,
        name: r.name,
        nameAr: r.name_ar,
        image: r.image,
        // The storefront's order, counted from 0 whatever gaps deletions left.
        position,
        productCount: Number(r.product_count),
      }));
    },

    async findCategory(id: number) {
      return trx
        .selectFrom('categories')
        .select(['id', 'slug', 'name', 'name_ar', 'image', 'position'])
        .where('id', '=', id)
        .executeTakeFirst();
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
      const { id } = await trx
        .insertInto('categories')
        .values({ ...category, position: (last?.position ?? -1) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateCategory(id: number, category: CategoryWrite): Promise<void> {
      await trx.updateTable('categories').set(category).where('id', '=', id).execute();
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
