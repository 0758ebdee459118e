import { z } from 'zod';
import { recordIdSchema } from './bounds';
import { singleLineText } from './plain-text';
import { PRODUCT_PAGE_LIMIT_DEFAULT, PRODUCT_PAGE_LIMIT_MAX, productSorts } from './catalog-values';
import { translationsSchema } from './language-schemas';
import { queryIntSchema } from './query';

export {
  PRODUCT_PAGE_LIMIT_DEFAULT,
  PRODUCT_PAGE_LIMIT_MAX,
  productSorts,
  SUGGESTION_LIMIT,
  toProductSummary,
  type ProductSort,
} from './catalog-values';

/** Money is always an integer amount in minor units (cents) of `currency`. */
export const minorUnitsSchema = z.number().int().nonnegative();

/** A category's name in other languages than the shop's own; the client falls back to name. */
export const categoryTranslationsSchema = translationsSchema(z.object({ name: z.string() }));

export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  translations: categoryTranslationsSchema,
  productCount: z.number().int().nonnegative(),
  /** A picture the shop chose (an upload or one of its own); null: the storefront's icon. */
  image: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const productIdSchema = recordIdSchema;

export const colourSchema = z.object({
  name: z.string(),
  /** For the swatch, e.g. "#1f2937". */
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** The colour's name in other languages than the shop's own; the client falls back to name. */
  translations: translationsSchema(z.object({ name: z.string() })),
});
export type Colour = z.infer<typeof colourSchema>;

/** A product variant: one colour × size combination with its own stock (admin-catalog.ts). */
export const variantIdSchema = recordIdSchema;

/**
 * One colour × size combination of a product, with its own stock. Every product has at least one:
 * a product that comes in one colour and one size has a single variant with neither.
 */
export const productVariantSchema = z.object({
  id: variantIdSchema,
  /** The colour's name, as in the product's colours; null when the product comes in one colour. */
  colour: z.string().nullable(),
  /** The size label, as in the product's sizes; null when the product comes in one size. */
  size: z.string().nullable(),
  stock: z.number().int().nonnegative(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** Text the shop has written in another language than its own; the client falls back to name/description. */
export const productTranslationsSchema = translationsSchema(
  z.object({ name: z.string(), description: z.string() }),
);

export const productSchema = z.object({
  id: productIdSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: minorUnitsSchema,
  /** The "was" price, shown struck through; absent when the product is not discounted. */
  compareAtPrice: minorUnitsSchema.nullable(),
  currency: z.string().length(3),
  /** Paths served by the shop itself. The first is the main image. */
  images: z.array(z.string()).min(1),
  category: categorySchema.pick({ slug: true, name: true, translations: true }),
  rating: z.object({
    average: z.number().min(0).max(5),
    count: z.number().int().nonnegative(),
  }),
  /** The sum of the variants' stock. */
  stock: z.number().int().nonnegative(),
  /** Empty when the product comes in one colour or one size. */
  colours: z.array(colourSchema),
  sizes: z.array(z.string()),
  /** One per combination of colours × sizes, in the order of colours then sizes. */
  variants: z.array(productVariantSchema).min(1),
  /** Set while the product is in a flash sale; endsAt is an ISO timestamp. */
  flashSale: z.object({ endsAt: z.string() }).nullable(),
  translations: productTranslationsSchema,
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A query-string flag: `true` turns the filter on; `false` or leaving it out, off. */
const queryFlagSchema = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** Which products a list or its facet counts are about: every filter but the sort and page. */
const productFilterFields = {
  category: singleLineText().min(1).max(100).optional(),
  q: singleLineText().max(200).optional(),
  minPrice: queryIntSchema(0, 1_000_000_000).optional(),
  maxPrice: queryIntSchema(0, 1_000_000_000).optional(),
  /** A colour's name as the shop wrote it (`Product.colours[].name`). */
  colour: singleLineText().min(1).max(100).optional(),
  /** A size label as in `Product.sizes`. */
  size: singleLineText().min(1).max(100).optional(),
  /** Only products with at least one variant in stock. */
  inStock: queryFlagSchema,
  /** Only products with a "was" price above their price. */
  onSale: queryFlagSchema,
  /** Only products rated at least this many stars on average. */
  minRating: queryIntSchema(1, 5).optional(),
};

const priceBandInOrder = {
  check: (q: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
    q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
  error: { message: 'must not be greater than maxPrice', path: ['minPrice'] },
};

export const productListQuerySchema = z
  .object({
    ...productFilterFields,
    sort: z.enum(productSorts).default('relevance'),
    page: queryIntSchema(1, 100_000).default(1),
    limit: queryIntSchema(1, PRODUCT_PAGE_LIMIT_MAX).default(PRODUCT_PAGE_LIMIT_DEFAULT),
  })
  .refine(priceBandInOrder.check, priceBandInOrder.error);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** GET /api/facets: the same filters as a list, for the counts of the filter panel. */
export const facetQuerySchema = z
  .object(productFilterFields)
  .refine(priceBandInOrder.check, priceBandInOrder.error);
export type FacetQuery = z.infer<typeof facetQuerySchema>;

const facetCount = z.number().int().nonnegative();

/**
 * How many products each filter value would leave, counted with every other filter in force
 * (a value's own filter replaced by it), so a value that would leave none can be shown disabled.
 */
export const facetsSchema = z.object({
  /** Products matching every filter in force. */
  total: facetCount,
  categories: z.array(z.object({ slug: z.string(), count: facetCount })),
  colours: z.array(colourSchema.extend({ count: facetCount })),
  sizes: z.array(z.object({ name: z.string(), count: facetCount })),
  inStock: facetCount,
  onSale: facetCount,
  /** For 4, 3, 2 and 1 stars and up. */
  ratings: z.array(z.object({ atLeast: z.number().int().min(1).max(5), count: facetCount })),
});
export type Facets = z.infer<typeof facetsSchema>;

export const productParamsSchema = z.object({
  idOrSlug: singleLineText().min(1).max(200),
});

/** GET /api/flash-sale: the running sale, if any. serverTime lets the countdown ignore a wrong device clock. */
export const flashSaleSchema = z.object({
  sale: z
    .object({
      name: z.string(),
      endsAt: z.string(),
      items: z.array(productSchema),
    })
    .nullable(),
  serverTime: z.string(),
});
export type FlashSale = z.infer<typeof flashSaleSchema>;

/** A product's name in other languages than the shop's own, for lists; the client falls back to name. */
export const nameTranslationsSchema = translationsSchema(z.object({ name: z.string() }));
export type NameTranslations = z.infer<typeof nameTranslationsSchema>;

/** GET /api/search/suggestions?q=: a few matches for the header search box, best first. */
export const suggestionQuerySchema = z.object({
  q: singleLineText().min(1).max(200),
});
export const suggestionListSchema = z.object({
  items: z.array(
    productSchema
      .pick({ id: true, slug: true, name: true, price: true, currency: true, category: true })
      .extend({ image: z.string(), translations: nameTranslationsSchema }),
  ),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

/** What the client keeps of a product in the cart and wishlist (local storage), enough to render it. */
export const productSummarySchema = productSchema
  .pick({
    id: true,
    slug: true,
    name: true,
    price: true,
    compareAtPrice: true,
    currency: true,
    stock: true,
  })
  .extend({ image: z.string(), translations: nameTranslationsSchema });
export type ProductSummary = z.infer<typeof productSummarySchema>;
