import {
  type AdminCategory,
  type AdminProduct,
  type ProductEditor,
  type AdminProductList,
  type AdminProductListQuery,
  type CatalogImportResult,
  type CategoryEditor,
  type ProductBulkAction,
} from '@souq/contracts/admin-catalog';
import { ADMIN_PRODUCTS_PAGE_SIZE } from '@souq/contracts/admin-catalog';
import { isUniqueViolation } from '../../db/constraint-errors';
import { AppError, NotFoundError } from '../../http/errors';
import type { AuditActor } from '../audit/audit.repository';
import { CatalogImportError, parseCatalogFile, slugify } from '../catalog/catalog-import';
import type { MediaService } from '../media/media.service';
import type { CatalogAdminRepository } from './catalog-admin.repository';
import { unknownPictures } from './picture-paths';
import { combinationsOf, type VariantCombination } from '../stock';
import type { ProductWrite } from './catalog-admin.repository';
import { toStoredColour } from '../catalog/product-mapper';
import { everyTranslatedLanguage } from '../catalog/catalog-translations';

export class SlugTakenError extends AppError {
  constructor(slug: string) {
    super(409, 'slug_taken', `The web address "${slug}" is already used.`, {
      slug: 'Already used; choose another',
    });
  }
}

/** Uploaded pictures' paths wherever they appear in a catalog file. */
const MEDIA_PATHS = /\/media\/[A-Za-z0-9_-]{8,64}\/\d{2,4}\.webp/g;

function invalid(message: string, fields: Record<string, string>): AppError {
  return new AppError(400, 'invalid_request', message, fields);
}

/** A slug made from an English name, or a 400 on `name` when it has nothing to make one from. */
export function slugFromName(given: string | undefined, name: string): string {
  const slug = given ?? slugify(name);
  if (!slug) throw invalid('The name needs a letter or digit.', { slug: 'Enter a slug' });
  return slug;
}

export function createCatalogAdminService({
  repository,
  media,
  clock = () => new Date(),
}: {
  repository: CatalogAdminRepository;
  media: MediaService;
  clock?: () => Date;
}) {
  async function checkCategoryImage(image: string | null) {
    if (image === null) return;
    const problems = await unknownPictures([image], media);
    const problem = problems.get(0);
    if (problem) throw invalid('The picture cannot be shown.', { image: problem });
  }

  /** Runs a write whose unique slug may clash; a clash is 409 slug_taken. */
  async function withSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new SlugTakenError(slug);
      throw error;
    }
  }

  async function category(id: number): Promise<AdminCategory> {
    const found = (await repository.listCategories()).find((c) => c.id === id);
    if (!found) throw new NotFoundError('No such category.');
    return found;
  }

  async function product(id: number): Promise<AdminProduct> {
    const found = await repository.findProduct(id);
    if (!found) throw new NotFoundError('No such product.');
    return found;
  }

  /**
   * The editor's input checked against the shop: the category, the pictures, and variants that
   * are exactly the colours × sizes. Answers the product row and the combinations to sync, or a
   * 400 with a message per field.
   */
  async function checkProduct(
    input: ProductEditor,
    existing: AdminProduct | undefined,
  ): Promise<{
    row: Omit<ProductWrite, 'currency' | 'updated_at'>;
    combinations: VariantCombination[];
  }> {
    const fields: Record<string, string> = {};
    if (!(await repository.findCategory(input.categoryId))) fields.categoryId = 'Choose a category';
    for (const [i, problem] of await unknownPictures(input.images, media))
      fields[`images.${i}`] = problem;
    const key = (colour: string | null, size: string | null) =>
      `${colour ?? ''}\u0000${size ?? ''}`;
    const given = new Map(input.variants.map((v) => [key(v.colour, v.size), v]));
    const wanted = combinationsOf(
      input.colours.map((c) => c.name),
      input.sizes,
    );
    const exact =
      given.size === input.variants.length &&
      wanted.length === given.size &&
      wanted.every((w) => given.has(key(w.colour, w.size)));
    if (!exact) fields.variants = 'The variants must be every colour × size once';
    const known = new Set(existing?.variants.map((v) => key(v.colour, v.size)) ?? []);
    input.variants.forEach((v, i) => {
      if (v.initialStock !== undefined && known.has(key(v.colour, v.size)))
        fields[`variants.${i}.initialStock`] =
          'An existing variant’s stock changes only by an adjustment';
    });
    if (Object.keys(fields).length > 0)
      throw invalid('Some fields need a change; nothing was saved.', fields);
    const slug = slugFromName(input.slug ?? existing?.slug, input.name);
    return {
      row: {
        slug,
        name: input.name,
        description: input.description,
        translations: everyTranslatedLanguage((code) => {
          const text = input.translations[code];
          return text?.name || text?.description
            ? { name: text.name ?? null, description: text.description ?? null }
            : null;
        }),
        price_cents: input.price,
        compare_at_cents: input.compareAtPrice,
        category_id: input.categoryId,
        images: JSON.stringify(input.images),
        colours: JSON.stringify(input.colours.map(toStoredColour)),
        sizes: JSON.stringify(input.sizes),
        published: input.published ? 1 : 0,
        low_stock_threshold: input.lowStockThreshold,
        tax_class: input.taxClass,
      },
      combinations: wanted.map((w) => {
        const v = given.get(key(w.colour, w.size));
        return { ...w, sku: v?.sku ?? null, initialStock: v?.initialStock };
      }),
    };
  }

  return {
    getProduct: product,

    /** A new product with its variants and their initial stock, in one transaction. */
    async createProduct(actor: AuditActor, input: ProductEditor): Promise<AdminProduct> {
      const { row, combinations } = await checkProduct(input, undefined);
      const at = clock();
      const id = await withSlug(row.slug, () =>
        repository.transaction(async (tx) => {
          const { currency } = await tx.shopSettings.read();
          const created = await tx.insertProduct({
            ...row,
            currency,
            updated_at: at.toISOString(),
          });
          await tx.syncVariants(created, combinations, actor, at);
          await tx.audit.record({
            actor,
            action: 'product.created',
            entityType: 'product',
            entityId: created,
            before: null,
            after: await tx.findProduct(created),
            at,
          });
          return created;
        }),
      );
      return product(id);
    },

    /** Replaces a product: its row, variants (through the stock module) and audit entry at once. */
    async replaceProduct(
      actor: AuditActor,
      id: number,
      input: ProductEditor,
    ): Promise<AdminProduct> {
      const existing = await product(id);
      const { row, combinations } = await checkProduct(input, existing);
      const at = clock();
      await withSlug(row.slug, () =>
        repository.transaction(async (tx) => {
          const before = await tx.findProduct(id);
          if (!before) throw new NotFoundError('No such product.');
          await tx.updateProduct(id, { ...row, updated_at: at.toISOString() });
          await tx.syncVariants(id, combinations, actor, at);
          await tx.audit.record({
            actor,
            action: 'product.updated',
            entityType: 'product',
            entityId: id,
            before,
            after: await tx.findProduct(id),
            at,
          });
        }),
      );
      return product(id);
    },

    async listProducts(query: AdminProductListQuery): Promise<AdminProductList> {
      const { items, total } = await repository.listProducts(query);
      return { items, total, page: query.page ?? 1, pageSize: ADMIN_PRODUCTS_PAGE_SIZE };
    },

    /** Publish, unpublish, move or archive many products: every one or none. */
    async bulk(actor: AuditActor, action: ProductBulkAction): Promise<{ updated: number }> {
      const ids = [...new Set(action.ids)];
      const at = clock();
      return repository.transaction(async (tx) => {
        const found = await tx.liveProducts(ids);
        const known = new Set(found.map((p) => p.id));
        const missing = action.ids.flatMap((id, i) =>
          known.has(id) ? [] : [[`ids.${i}`, 'No such product'] as const],
        );
        if (missing.length > 0)
          throw new AppError(
            404,
            'not_found',
            'Some of the products no longer exist; nothing was changed.',
            Object.fromEntries(missing),
          );
        if (action.action === 'move' && !(await tx.findCategory(action.categoryId)))
          throw invalid('Choose a category.', { categoryId: 'No such category' });
        const changes =
          action.action === 'publish'
            ? { published: 1 }
            : action.action === 'unpublish'
              ? { published: 0 }
              : action.action === 'move'
                ? { category_id: action.categoryId }
                : { archived_at: at.toISOString() };
        const updated = await tx.updateProducts(ids, changes, at.toISOString());
        for (const product of found)
          await tx.audit.record({
            actor,
            action: action.action === 'delete' ? 'product.archived' : `product.${action.action}`,
            entityType: 'product',
            entityId: product.id,
            before: { published: product.published === 1, categoryId: product.category_id },
            after:
              action.action === 'delete'
                ? null
                : {
                    published:
                      'published' in changes ? changes.published === 1 : product.published === 1,
                    categoryId:
                      'category_id' in changes ? changes.category_id : product.category_id,
                  },
            at,
          });
        return { updated };
      });
    },

    /**
     * A catalog file from the back office: the CLI's checks and writer (catalog-import.ts), every
     * row first, then all of it in one transaction with its audit entry, or nothing.
     */
    async importFile(
      actor: AuditActor,
      fileName: string,
      text: string,
    ): Promise<CatalogImportResult> {
      const uploaded = await media.existingPaths(text.match(MEDIA_PATHS) ?? []);
      const { currency } = await repository.shopSettings.read();
      let rows;
      try {
        rows = parseCatalogFile(fileName, text, undefined, uploaded, currency);
      } catch (error) {
        if (!(error instanceof CatalogImportError)) throw error;
        const fields: Record<string, string> = {};
        for (const p of error.problems) {
          const key = p.row === undefined ? 'file' : `rows.${p.row}${p.field ? `.${p.field}` : ''}`;
          fields[key] ??= `line ${p.line}: ${p.message}`;
        }
        throw invalid(
          `Nothing was imported: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} in the file.`,
          fields,
        );
      }
      const at = clock();
      return repository.transaction(async (tx) => {
        const existing = await tx.existingSlugs(rows.map((r) => r.slug));
        await tx.writeCatalogRows(rows, actor, at);
        const result = {
          created: rows.filter((r) => !existing.has(r.slug)).length,
          updated: rows.filter((r) => existing.has(r.slug)).length,
        };
        await tx.audit.record({
          actor,
          action: 'catalog.imported',
          entityType: 'catalog',
          entityId: fileName.slice(0, 200),
          before: null,
          after: result,
          at,
        });
        return result;
      });
    },

    exportFile: (format: 'csv' | 'json'): Promise<string> => repository.exportCatalog(format),

    /* Categories */

    listCategories: () => repository.listCategories(),

    async createCategory(actor: AuditActor, input: CategoryEditor): Promise<AdminCategory> {
      const slug = slugFromName(input.slug, input.name);
      await checkCategoryImage(input.image);
      const id = await withSlug(slug, () =>
        repository.transaction(async (tx) => {
          const row = {
            slug,
            name: input.name,
            image: input.image,
            translations: everyTranslatedLanguage((code) => input.translations[code]?.name ?? null),
          };
          const created = await tx.insertCategory(row);
          await tx.audit.record({
            actor,
            action: 'category.created',
            entityType: 'category',
            entityId: created,
            before: null,
            after: row,
          });
          return created;
        }),
      );
      return category(id);
    },

    async updateCategory(
      actor: AuditActor,
      id: number,
      input: CategoryEditor,
    ): Promise<AdminCategory> {
      await checkCategoryImage(input.image);
      await withSlug(input.slug ?? '', () =>
        repository.transaction(async (tx) => {
          const before = await tx.findCategory(id);
          if (!before) throw new NotFoundError('No such category.');
          // A rename keeps the web address unless a new one is given: links to it keep working.
          const row = {
            slug: input.slug ?? before.slug,
            name: input.name,
            image: input.image,
            translations: everyTranslatedLanguage((code) => input.translations[code]?.name ?? null),
          };
          await tx.updateCategory(id, row);
          await tx.audit.record({
            actor,
            action: 'category.updated',
            entityType: 'category',
            entityId: id,
            before,
            after: row,
          });
        }),
      );
      return category(id);
    },

    /** The storefront's order of categories: every id once. */
    async reorderCategories(actor: AuditActor, ids: number[]): Promise<AdminCategory[]> {
      await repository.transaction(async (tx) => {
        const existing = (await tx.categoryIds()).sort((a, b) => a - b);
        const given = [...ids].sort((a, b) => a - b);
        const same =
          new Set(ids).size === ids.length &&
          existing.length === given.length &&
          existing.every((id, i) => id === given[i]);
        if (!same)
          throw invalid('Send every category once, in the new order.', {
            ids: 'Must list every category once',
          });
        const before = await tx.listCategories();
        for (const [position, id] of ids.entries()) await tx.setCategoryPosition(id, position);
        await tx.audit.record({
          actor,
          action: 'category.reordered',
          entityType: 'category',
          entityId: 'order',
          before: before.map((c) => c.id),
          after: ids,
        });
      });
      return repository.listCategories();
    },

    async deleteCategory(actor: AuditActor, id: number): Promise<void> {
      await repository.transaction(async (tx) => {
        const before = await tx.findCategory(id);
        if (!before) throw new NotFoundError('No such category.');
        const products = await tx.countProductsIn(id);
        if (products > 0)
          throw new AppError(
            409,
            'category_not_empty',
            `The category still holds ${products} product${products === 1 ? '' : 's'} (deleted products are kept for their orders); move them first.`,
          );
        await tx.deleteCategory(id);
        await tx.audit.record({
          actor,
          action: 'category.deleted',
          entityType: 'category',
          entityId: id,
          before,
          after: null,
        });
      });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
