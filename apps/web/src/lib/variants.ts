import type { Product, ProductVariant } from '@souq/contracts/catalog';
import { localized } from './localized';
import type { LineVariant } from '@souq/contracts/orders';

/** What a shopper names of a variant: its colour and size, where the product has them. */
export interface VariantChoice {
  colour?: string | undefined;
  size?: string | undefined;
}

type VariantsOf = Pick<Product, 'colours' | 'sizes' | 'variants'>;

/**
 * The variant a choice names, or undefined while the choice is incomplete (a size not chosen
 * yet) or names a combination the shop does not make. A variant without a colour (or size)
 * matches whatever the choice says of it: the product comes in one.
 */
export function findVariant(
  product: VariantsOf,
  choice: VariantChoice,
): ProductVariant | undefined {
  const matches = product.variants.filter(
    (v) =>
      (v.colour === null || v.colour === choice.colour) &&
      (v.size === null || v.size === choice.size),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** Each size with whether it can be bought in the chosen colour (false when sold out or not made). */
export function sizeAvailability(
  product: VariantsOf,
  colour: string | undefined,
): { size: string; available: boolean }[] {
  return product.sizes.map((size) => {
    const variant = findVariant(product, { colour, size });
    return { size, available: !!variant && variant.stock > 0 };
  });
}

/** Whether every size of a colour is sold out (or the colour is made in none). */
export function isColourSoldOut(product: VariantsOf, colour: string): boolean {
  return !product.variants.some((v) => (v.colour === null || v.colour === colour) && v.stock > 0);
}

/** The colour a product page starts with: the first that has something in stock, else the first. */
export function firstColourInStock(product: VariantsOf): string | undefined {
  const colours = product.colours.map((c) => c.name);
  return colours.find((name) => !isColourSoldOut(product, name)) ?? colours[0];
}

/** A product's variant as a cart or order line names it: with the colour's swatch and names. */
export function toLineVariant(
  product: Pick<Product, 'colours'>,
  variant: ProductVariant,
): LineVariant {
  return {
    id: variant.id,
    colour: product.colours.find((c) => c.name === variant.colour) ?? null,
    size: variant.size,
  };
}

/** The product's variant when it has just one, which needs no choosing. */
export function onlyVariant(product: Pick<Product, 'variants'>): ProductVariant | undefined {
  return product.variants.length === 1 ? product.variants[0] : undefined;
}

/** A variant in words, "Camel · M", in the reader's language; empty for a product's only variant. */
export function variantText(variant: LineVariant | null, language: string): string {
  if (!variant) return '';
  const colour = variant.colour ? localized(variant.colour, 'name', language) : null;
  return [colour, variant.size].filter(Boolean).join(' · ');
}

/**
 * A line's name with its variant, "Linen Dress (Camel · M)", for labels that must tell two
 * variants of one product apart (a quantity field, a Remove button).
 */
export function nameWithVariant(name: string, variant: LineVariant | null, language: string) {
  const text = variantText(variant, language);
  return text ? `${name} (${text})` : name;
}
