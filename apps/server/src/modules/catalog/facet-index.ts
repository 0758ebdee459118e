import type { Colour, Product } from '@souq/contracts/catalog';

/**
 * The catalog index's filters beyond category and price (colour, size, stock, sale, rating), as
 * one bit per product id for each value: a filtered list is the AND of a few of them, and a
 * value's count with the other filters in force is one AND-and-count pass over 32 products a
 * word. At 100 000 products a bit set is 12.5 KB and a pass about 3 000 words.
 */
export type Bits = Uint32Array;

export function emptyBits(maxId: number): Bits {
  return new Uint32Array((maxId >>> 5) + 1);
}

export function setBit(bits: Bits, id: number): void {
  bits[id >>> 5] = (bits[id >>> 5] ?? 0) | (1 << (id & 31));
}

export function clearBit(bits: Bits, id: number): void {
  bits[id >>> 5] = (bits[id >>> 5] ?? 0) & ~(1 << (id & 31));
}

export function hasBit(bits: Bits, id: number): boolean {
  return ((bits[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0;
}

/** `a AND b AND …` into a new set. */
export function allOf(first: Bits, others: readonly Bits[]): Bits {
  const result = first.slice();
  for (const other of others)
    for (let w = 0; w < result.length; w++) result[w] = (result[w] ?? 0) & (other[w] ?? 0);
  return result;
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function countBits(bits: Bits): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w] ?? 0);
  return count;
}

/** Calls `visit` with each id in the set, rising; a pass over the words and one step per id. */
export function forEachBit(bits: Bits, visit: (id: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] ?? 0;
    while (word !== 0) {
      const lowest = word & -word;
      visit((w << 5) + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

/** How many ids are in both sets, without making their intersection. */
export function countBoth(a: Bits, b: Bits): number {
  let count = 0;
  for (let w = 0; w < a.length; w++) count += popcount((a[w] ?? 0) & (b[w] ?? 0));
  return count;
}

/**
 * The words of `bits` that hold an id, when fewer than half of them do; null otherwise. A
 * filtered set often leaves most words empty (a search's matches, a category with a price band:
 * a few hundred products in 3 000 words), and a pass over those words alone does the same work.
 */
function occupiedWords(bits: Bits): number[] | null {
  const words: number[] = [];
  for (let w = 0; w < bits.length; w++) if ((bits[w] ?? 0) !== 0) words.push(w);
  return words.length * 2 > bits.length ? null : words;
}

/** How many ids of `within` each set holds. */
export function countEachIn(within: Bits, sets: readonly Bits[]): number[] {
  const words = occupiedWords(within);
  if (!words) return sets.map((bits) => countBoth(within, bits));
  return sets.map((bits) => {
    let count = 0;
    for (const w of words) count += popcount((within[w] ?? 0) & (bits[w] ?? 0));
    return count;
  });
}

/** Where in `sets` the sets sharing an id with `within` are; each pass stops at the first. */
export function sharingAnId(within: Bits, sets: readonly Bits[]): number[] {
  const words = occupiedWords(within);
  const shares = (bits: Bits) => {
    if (words) return words.some((w) => ((within[w] ?? 0) & (bits[w] ?? 0)) !== 0);
    for (let w = 0; w < within.length; w++)
      if (((within[w] ?? 0) & (bits[w] ?? 0)) !== 0) return true;
    return false;
  };
  return sets.flatMap((bits, i) => (shares(bits) ? [i] : []));
}

export interface FacetData {
  /** Every colour the catalog offers, in the order first met, with its products. */
  colours: Colour[];
  colourBits: Bits[];
  /** Every size label, in the order first met, with its products. */
  sizes: string[];
  sizeBits: Bits[];
  /** Products whose "was" price is above their price. */
  onSale: Bits;
  /** `atLeast[n - 1]`: products rated at least n stars on average (n = 1…5). */
  atLeast: Bits[];
  /** Per product id, where its variants' ids start in `variantIds` (the next id's start ends them). */
  variantStart: Int32Array;
  variantIds: Int32Array;
  /** The variants of products edited since the build, which `variantStart` no longer holds. */
  editedVariants: Map<number, Int32Array>;
  /** Where each colour's and size's set is, by name. */
  colourAt: Map<string, number>;
  sizeAt: Map<string, number>;
  /**
   * One product edited in place (decision 002): its bits are set anew, or cleared when it is
   * no longer shown. A colour or size new to the catalog is listed after the others.
   */
  update(id: number, product: Product | undefined): void;
}

/** Collects the facet values of products added in rising id order. */
export function facetDataBuilder(maxId: number) {
  const colours: Colour[] = [];
  const colourBits: Bits[] = [];
  const colourAt = new Map<string, number>();
  const sizes: string[] = [];
  const sizeBits: Bits[] = [];
  const sizeAt = new Map<string, number>();
  const onSale = emptyBits(maxId);
  const atLeast = Array.from({ length: 5 }, () => emptyBits(maxId));
  const variantStart = new Int32Array(maxId + 2);
  const variantIds: number[] = [];
  let nextId = 0;

  function valueBits(key: string, at: Map<string, number>, bits: Bits[], onNew: () => void) {
    let index = at.get(key);
    if (index === undefined) {
      index = bits.length;
      at.set(key, index);
      bits.push(emptyBits(maxId));
      onNew();
    }
    return bits[index] ?? emptyBits(maxId);
  }

  /** Sets the bits of a product's values. */
  function setValues(product: Product): void {
    const id = product.id;
    for (const colour of product.colours)
      setBit(
        valueBits(colour.name, colourAt, colourBits, () => colours.push(colour)),
        id,
      );
    for (const size of product.sizes)
      setBit(
        valueBits(size, sizeAt, sizeBits, () => sizes.push(size)),
        id,
      );
    if (product.compareAtPrice !== null && product.compareAtPrice > product.price)
      setBit(onSale, id);
    atLeast.forEach((bits, i) => {
      if (product.rating.average >= i + 1) setBit(bits, id);
    });
  }

  return {
    add(product: Product): void {
      // Ids between the last product and this one have no variants.
      for (; nextId <= product.id; nextId++) variantStart[nextId] = variantIds.length;
      for (const variant of product.variants) variantIds.push(variant.id);
      setValues(product);
    },
    finish(): FacetData {
      for (; nextId < variantStart.length; nextId++) variantStart[nextId] = variantIds.length;
      const editedVariants = new Map<number, Int32Array>();
      return {
        colours,
        colourBits,
        sizes,
        sizeBits,
        onSale,
        atLeast,
        variantStart,
        variantIds: Int32Array.from(variantIds),
        editedVariants,
        colourAt,
        sizeAt,
        update(id, product) {
          for (const bits of [...colourBits, ...sizeBits, onSale, ...atLeast]) clearBit(bits, id);
          editedVariants.set(
            id,
            Int32Array.from(product?.variants ?? [], (v) => v.id),
          );
          if (product) setValues(product);
        },
      };
    },
  };
}

/** Products with at least one variant in stock, from the stock as last read. */
export function inStockBits(facets: FacetData, maxId: number, variantStock: Int32Array): Bits {
  const bits = emptyBits(maxId);
  const { variantStart, variantIds, editedVariants } = facets;
  for (const [id, variants] of editedVariants)
    if (variants.some((v) => (variantStock[v] ?? 0) > 0)) setBit(bits, id);
  for (let id = 0; id <= maxId; id++) {
    if (editedVariants.size > 0 && editedVariants.has(id)) continue;
    const end = variantStart[id + 1] ?? 0;
    for (let v = variantStart[id] ?? 0; v < end; v++) {
      if ((variantStock[variantIds[v] ?? 0] ?? 0) > 0) {
        setBit(bits, id);
        break;
      }
    }
  }
  return bits;
}
