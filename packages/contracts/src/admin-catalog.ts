import { z } from 'zod';
import { recordIdSchema } from './bounds';
import { minorUnitsSchema, nameTranslationsSchema, variantIdSchema } from './catalog';
import { translationsSchema } from './language-schemas';
import { multiLineText, singleLineText } from './plain-text';
import { queryIntSchema } from './query';
import { taxClassSchema } from './tax';

/*
 * The back office's catalog: products with their variants, categories, pictures, import and
 * export, and stock, which changes only through the ledger. Every route here needs the
 * `catalog.manage` permission (staff.ts).
 */

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const STOCK_MOVEMENTS_PAGE_SIZE = 50;
/** A new product's low-stock threshold, and every product's after the migration that brings it. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const PRODUCT_MAX_IMAGES = 12;
export const PRODUCT_MAX_COLOURS = 20;
export const PRODUCT_MAX_SIZES = 20;
export const BULK_MAX_PRODUCTS = 200;

const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const slugSchema = z
  .string()
  .trim()
  .max(120, 'A slug has at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters and digits joined by -');

/** A stock-keeping unit: the shop's own code for a variant; unique across the shop. */
export const skuSchema = z
  .string()
  .trim()
  .min(1)
  .max(64, 'A SKU has at most 64 characters')
  .regex(/^[A-Za-z0-9._/-]+$/, 'Use letters, digits and . _ / - only');

export const productStockStates = ['in_stock', 'low', 'out'] as const;

/** GET /api/admin/products: every filter is in the back office's URL too. */
export const adminProductListQuerySchema = z.object({
  /** Part of a name (in any language), a slug or a SKU. */
  q: singleLineText().max(100).optional(),
  /** A category slug. */
  category: singleLineText().min(1).max(120).optional(),
  /** low: some variant at or below the product's threshold; out: every variant at 0. */
  stock: z.enum(productStockStates).optional(),
  /** With a compare-at price or in a running flash sale. */
  onSale: queryBoolean.optional(),
  published: queryBoolean.optional(),
  page: queryIntSchema(1, 100_000).optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

const categoryRefSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  translations: nameTranslationsSchema,
});

export const adminProductSummarySchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  /** The name in the shop's other languages, as the storefront's summaries carry it. */
  translations: nameTranslationsSchema,
  /** The main picture. */
  image: z.string(),
  category: categoryRefSchema,
  price: minorUnitsSchema,
  compareAtPrice: minorUnitsSchema.nullable(),
  currency: z.string().length(3),
  published: z.boolean(),
  /** The sum of the variants' stock. */
  stock: z.number().int().nonnegative(),
  variantCount: z.number().int().positive(),
  stockState: z.enum(productStockStates),
  onSale: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;

export const adminProductListSchema = z.object({
  items: z.array(adminProductSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/*
 * An editor's text in the shop's other languages, keyed by language code (languages.ts; the
 * default language's is the entity's own name and description). A PUT replaces the set: a
 * language whose texts are all null or absent is removed.
 */
const translatedName = (max: number) =>
  translationsSchema(z.object({ name: singleLineText().min(1).max(max).nullable() }));

const colourInputSchema = z.object({
  name: singleLineText().min(1, 'Enter the colour name').max(50),
  translations: translatedName(50),
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour such as #1f2937'),
});

const variantInputSchema = z.object({
  colour: z.string().nullable(),
  size: z.string().nullable(),
  sku: skuSchema.nullable(),
  /**
   * Only for a combination the product did not have before: the stock it starts with, written to
   * the ledger as an adjustment. The stock of an existing variant changes only by adjustments.
   */
  initialStock: z.number().int().nonnegative().max(1_000_000).optional(),
});

/**
 * POST /api/admin/products (create) and PUT /api/admin/products/:id (replace). The variants must
 * be exactly the combinations of colours × sizes (one variant with neither when there are none);
 * a combination that goes away takes its variant with it, and its stock leaves through the
 * ledger. Compare-at price, when given, is above the price. Answers the saved adminProductSchema,
 * or 400 with a message per field and nothing saved; 409 `slug_taken` or `sku_taken`.
 */
export const productEditorSchema = z
  .object({
    /** Made from the English name when absent. */
    slug: slugSchema.optional(),
    name: singleLineText().min(1, 'Enter the name').max(200),
    description: multiLineText().min(1, 'Enter a description').max(5000),
    /** A language may have its name before its description is written, or the other way. */
    translations: translationsSchema(
      z.object({
        name: singleLineText().min(1).max(200).nullable(),
        description: multiLineText().min(1).max(5000).nullable(),
      }),
    ),
    price: minorUnitsSchema.max(1_000_000_000),
    compareAtPrice: minorUnitsSchema.max(1_000_000_000).nullable(),
    categoryId: recordIdSchema,
    /** Paths from an upload (/media/…) or the shop's own pictures (/images/…); the first is the main one. */
    images: z
      .array(singleLineText().max(300))
      .min(1, 'Add at least one picture')
      .max(PRODUCT_MAX_IMAGES, `A product has at most ${PRODUCT_MAX_IMAGES} pictures`),
    colours: z.array(colourInputSchema).max(PRODUCT_MAX_COLOURS),
    sizes: z.array(singleLineText().min(1).max(20)).max(PRODUCT_MAX_SIZES),
    variants: z.array(variantInputSchema).min(1),
    published: z.boolean(),
    lowStockThreshold: z.number().int().nonnegative().max(1_000_000),
    /** How VAT applies (decision 023): the country's rate, or none when zero-rated or exempt. */
    taxClass: taxClassSchema.default('standard'),
  })
  .refine((p) => p.compareAtPrice === null || p.compareAtPrice > p.price, {
    message: 'The compare-at price must be above the price',
    path: ['compareAtPrice'],
  })
  .refine((p) => new Set(p.colours.map((c) => c.name.toLowerCase())).size === p.colours.length, {
    message: 'Each colour once',
    path: ['colours'],
  })
  .refine((p) => new Set(p.sizes.map((s) => s.toLowerCase())).size === p.sizes.length, {
    message: 'Each size once',
    path: ['sizes'],
  });
export type ProductEditor = z.infer<typeof productEditorSchema>;
export type ProductEditorInput = z.input<typeof productEditorSchema>;

export const adminVariantSchema = z.object({
  id: variantIdSchema,
  colour: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string().nullable(),
  stock: z.number().int().nonnegative(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

/** GET /api/admin/products/:id */
export const adminProductSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Every language the product has text in; either text may be missing, not both. */
  translations: translationsSchema(
    z.object({ name: z.string().nullable(), description: z.string().nullable() }),
  ),
  price: minorUnitsSchema,
  compareAtPrice: minorUnitsSchema.nullable(),
  currency: z.string().length(3),
  category: categoryRefSchema,
  images: z.array(z.string()),
  colours: z.array(
    z.object({ name: z.string(), translations: nameTranslationsSchema, hex: z.string() }),
  ),
  sizes: z.array(z.string()),
  variants: z.array(adminVariantSchema),
  published: z.boolean(),
  lowStockThreshold: z.number().int().nonnegative(),
  taxClass: taxClassSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a product id')
    .transform(Number),
});

/**
 * POST /api/admin/products/bulk: one action on many products, all or nothing. `delete` archives:
 * the products leave the storefront and the back office's lists, and orders keep their lines.
 */
export const productBulkActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['publish', 'unpublish', 'delete']),
    ids: z.array(recordIdSchema).min(1).max(BULK_MAX_PRODUCTS),
  }),
  z.object({
    action: z.literal('move'),
    ids: z.array(recordIdSchema).min(1).max(BULK_MAX_PRODUCTS),
    categoryId: recordIdSchema,
  }),
]);
export type ProductBulkAction = z.infer<typeof productBulkActionSchema>;
export const productBulkResultSchema = z.object({ updated: z.number().int().nonnegative() });

/* Categories */

export const adminCategorySchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  name: z.string(),
  translations: nameTranslationsSchema,
  /** Shown on the storefront's category cards: an uploaded picture or one of the shop's own. */
  image: z.string().nullable(),
  position: z.number().int().nonnegative(),
  productCount: z.number().int().nonnegative(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /api/admin/categories: in the storefront's order. */
export const adminCategoryListSchema = z.object({ items: z.array(adminCategorySchema) });

/** POST /api/admin/categories and PUT /api/admin/categories/:id; 409 `slug_taken`. */
export const categoryEditorSchema = z.object({
  /** Made from the English name when absent. */
  slug: slugSchema.optional(),
  name: singleLineText().min(1, 'Enter the name').max(100),
  translations: translatedName(100),
  image: singleLineText().max(300).nullable(),
});
export type CategoryEditor = z.infer<typeof categoryEditorSchema>;

/** PUT /api/admin/categories/order: every category's id, in the new order. */
export const categoryOrderSchema = z.object({
  ids: z.array(recordIdSchema).min(1).max(1000),
});

/* Pictures: POST /api/admin/media, multipart with one `file` field (media.ts says what is kept). */

export const uploadedMediaSchema = z.object({
  /** The largest copy; put it in a product's or category's pictures. */
  path: z.string(),
  srcSet: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/* Import and export: the format is the README's "Importing a catalog", as for the CLI. */

export const catalogFileFormats = ['csv', 'json'] as const;

/** GET /api/admin/catalog/export?format=csv|json: the whole catalog as a file to download. */
export const catalogExportQuerySchema = z.object({ format: z.enum(catalogFileFormats) });

/**
 * POST /api/admin/catalog/import, multipart with one `file` field (.csv or .json): every row
 * checked first, then written in one transaction, as `npm run catalog:import` does. 400 with a
 * message per row and field (`fields["rows.3.price"]`) and nothing written.
 */
export const catalogImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/* Stock: changes only through the ledger. */

export const stockMovementReasons = [
  /** An order took it. */
  'sale',
  /** An order was cancelled. */
  'cancel',
  /** A cash-on-delivery parcel was refused at the door. */
  'delivery_refused',
  /** A refund put it back. */
  'refund',
  /** A person changed it, with a reason. */
  'adjustment',
  /** A catalog import set it. */
  'import',
  /** What a variant held when stock by variant began (migration). */
  'opening',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

export const stockMovementSchema = z.object({
  id: z.number().int().positive(),
  at: z.string(),
  variant: z.object({
    id: variantIdSchema,
    colour: z.string().nullable(),
    size: z.string().nullable(),
    sku: z.string().nullable(),
  }),
  /** Units in (positive) or out (negative). */
  change: z.number().int(),
  stockAfter: z.number().int().nonnegative(),
  reason: z.enum(stockMovementReasons),
  /** The person's reason for an adjustment. */
  note: z.string().nullable(),
  order: z.object({ id: z.number().int().positive(), number: z.string() }).nullable(),
  /** Null for what a shopper or a script did. */
  actorEmail: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /api/admin/products/:id/stock-movements?page=: newest first. */
export const stockMovementQuerySchema = z.object({ page: queryIntSchema(1, 100_000).optional() });
export const stockMovementListSchema = z.object({
  items: z.array(stockMovementSchema),
  page: z.number().int().positive(),
  hasMore: z.boolean(),
});
export type StockMovementList = z.infer<typeof stockMovementListSchema>;

/**
 * The most stock a product holds, all its variants together: stock is counted in 32-bit
 * integers (PostgreSQL's integer, the catalog's in-memory arrays), and this leaves room below
 * 2^31 for units that come back from orders. Beyond it an adjustment is 409 `stock_limit`.
 */
export const STOCK_LIMIT = 1_000_000_000;

/**
 * POST /api/admin/products/:id/stock-adjustments with an Idempotency-Key header: a counted
 * correction, a delivery from a supplier, a damaged unit. Stock never goes below 0 (409
 * `insufficient_stock`). Answers 201 with the movement.
 */
export const stockAdjustmentSchema = z.object({
  variantId: variantIdSchema,
  change: z
    .number()
    .int('must be a whole number')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'must not be 0'),
  reason: singleLineText().min(1, 'Say why the stock changes').max(200),
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;
