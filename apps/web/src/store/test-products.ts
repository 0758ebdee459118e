import type { ProductSummary } from '@souq/contracts/catalog';
import type { LineVariant } from '@souq/contracts/orders';
import type { CartAddition } from './cart-slice';

export function productSummary(
  id: number,
  overrides: Partial<ProductSummary> = {},
): ProductSummary {
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    price: 1000 * id,
    compareAtPrice: null,
    currency: 'USD',
    stock: 10,
    image: `/images/products/product-${id}.svg`,
    translations: {},
    ...overrides,
  };
}

/** A variant as a cart line names it; a colour gets a made-up swatch. */
export function lineVariant(
  id: number,
  colour: string | null = null,
  size: string | null = null,
): LineVariant {
  return { id, colour: colour ? { name: colour, hex: '#334455', translations: {} } : null, size };
}

/** Product `id` with its variant `id * 10` (of no colour or size unless overridden), to add. */
export function cartAddition(id: number, overrides: Partial<CartAddition> = {}): CartAddition {
  return { ...productSummary(id), variant: lineVariant(id * 10), ...overrides };
}

/** The cart key of cartAddition(id) without an overridden variant. */
export const defaultKey = (id: number) => `${id}:${id * 10}`;
