import { productSchema, type Product } from '@souq/contracts/catalog';
import { jsonWriter } from '../../http/fast-serializer';
import { slugIndex } from './slug-index';

/**
 * Every product's response JSON, written once when the catalog index is built (decision 002),
 * so a list page or a product is copied from memory rather than read from the database and
 * serialized on each request. Parts change without a catalog edit and are written per
 * response instead: each variant's stock and the product's (their sum), which orders take,
 * and the flash sale (which starts and ends with the clock). The UTF-8 of all products sits in
 * one buffer outside the JavaScript heap (about 60 MB at 100 000 products), found by id
 * through a few offsets a product (four, and one more per variant).
 */
export interface ProductJson {
  /**
   * Writes one product's JSON anew (an edit applied in place, decision 002): its new bytes go at
   * the end of the buffer and its offsets point at them; the old bytes stay unused until the next
   * full build. Its id must be within the capacity the builder was made with.
   */
  set(product: Product): void;
  /** The product is no longer shown. */
  remove(id: number): void;
  /** The id of the product with that slug, if the catalog has it. */
  idOfSlug(slug: string): number | undefined;
  has(id: number): boolean;
  /** One product's JSON, or undefined for an id the catalog does not have. */
  product(id: number, variantStock: Int32Array, now: number): Buffer | undefined;
  /**
   * A JSON array of the products with these ids, in their order (unknown ids left out), with
   * `around`'s bytes before and after it in the same buffer.
   */
  array(
    ids: readonly number[],
    variantStock: Int32Array,
    now: number,
    around?: { open: Buffer; close: Buffer },
  ): Buffer;
}

/** A flash sale's window for one product, as epoch ms, with the JSON a running one shows. */
export interface SaleWindow {
  startsAt: number;
  endsAt: number;
  json: Buffer;
}

const writeProduct = jsonWriter(productSchema);
const STOCK_KEY = '"stock":';
const VARIANT_STOCK = '"stock":0}';
const SALE_KEY = '"flashSale":';
const NULL = Buffer.from('null');
const EMPTY = Buffer.alloc(0);
const encoder = new TextEncoder();

/**
 * Collects products (in any order) and lays their JSON out in one buffer. Each is written with
 * every stock 0 and no sale, then cut around those values: a key can only appear unescaped as
 * a key in JSON text, the product's own keys come once and its variants' stocks follow in
 * order, so the cuts are unambiguous.
 */
export function productJsonBuilder(maxId: number, sizeHint: number) {
  // Grown as needed: measuring every text's UTF-8 first would cost as much as writing it. A
  // buffer this large is mapped by the system on first write, page by page, so the room not
  // written never becomes resident: it is kept rather than trimmed by a copy at the end, which
  // at 100 000 products held two 74 MB copies at once.
  let data = Buffer.allocUnsafeSlow(Math.max(1024, sizeHint));
  let offset = 0;
  // Per id: where its cuts start in `cuts` (-1: no product) and how many variants it has.
  const first = new Int32Array(maxId + 1).fill(-1);
  const variantCount = new Uint16Array(maxId + 1);
  // Per product: start, then the end of each part before a hole (product stock, each variant's
  // stock, the sale), then end. variantAt[i] is the variant whose stock follows cut i.
  let cuts = new Uint32Array(Math.max(16, maxId * 8));
  let variantAt = new Int32Array(cuts.length);
  let cutCount = 0;
  const slugs = slugIndex(maxId);

  /** Writes `text` at the end, growing the buffer if it does not fit. */
  function append(text: string): void {
    for (;;) {
      const { read, written } = encoder.encodeInto(text, data.subarray(offset));
      if (read === text.length) {
        offset += written;
        return;
      }
      const grown = Buffer.allocUnsafeSlow(data.length * 2);
      data.copy(grown, 0, 0, offset);
      data = grown;
    }
  }

  function cut(variantId = 0): void {
    if (cutCount === cuts.length) {
      const grown = new Uint32Array(cuts.length * 2);
      grown.set(cuts);
      cuts = grown;
      const grownAt = new Int32Array(grown.length);
      grownAt.set(variantAt);
      variantAt = grownAt;
    }
    variantAt[cutCount] = variantId;
    cuts[cutCount++] = offset;
  }

  function remove(id: number): void {
    first[id] = -1;
    slugs.remove(id);
  }

  function add(product: Product): void {
    const text = writeProduct({
      ...product,
      stock: 0,
      variants: product.variants.map((v) => ({ ...v, stock: 0 })),
      flashSale: null,
    });
    const stock = text.indexOf(`${STOCK_KEY}0,`);
    const sale = text.indexOf(`${SALE_KEY}null,`);
    if (stock < 0 || sale < stock) throw new Error('unexpected product JSON layout');
    first[product.id] = cutCount;
    variantCount[product.id] = product.variants.length;
    cut();
    append(text.slice(0, stock + STOCK_KEY.length));
    let from = stock + STOCK_KEY.length + 1;
    // The product's stock goes here; then each variant's, in the variants' order.
    cut(product.variants[0]?.id ?? 0);
    for (let i = 0; i < product.variants.length; i++) {
      const at = text.indexOf(VARIANT_STOCK, from);
      if (at < 0 || at > sale) throw new Error('unexpected product JSON layout');
      append(text.slice(from, at + STOCK_KEY.length));
      from = at + STOCK_KEY.length + 1;
      cut(product.variants[i + 1]?.id ?? 0);
    }
    append(text.slice(from, sale + SALE_KEY.length));
    cut();
    append(text.slice(sale + SALE_KEY.length + NULL.length));
    cut();
    slugs.set(product.id, product.slug);
  }

  return {
    add,

    finish(sales: Map<number, SaleWindow[]>): ProductJson {
      // Read through these names: `data`, `cuts` and `variantAt` are replaced when they grow.
      const at = (i: number) => cuts[i] ?? 0;
      const variantOf = (i: number) => variantAt[i] ?? 0;

      const has = (id: number) => id > 0 && id <= maxId && (first[id] ?? -1) >= 0;
      const saleJson = (id: number, now: number) => {
        const sale = sales.get(id)?.find((w) => w.startsAt <= now && now < w.endsAt);
        return sale ? sale.json : NULL;
      };
      /** The product's stock: its variants' summed. */
      const stockOf = (id: number, variantStock: Int32Array): number => {
        const c0 = first[id] ?? 0;
        let sum = 0;
        for (let i = 1, count = variantCount[id] ?? 0; i <= count; i++)
          sum += variantStock[variantOf(c0 + i)] ?? 0;
        return sum;
      };
      /** The length of one product's JSON with these stocks and sale. */
      const lengthOf = (id: number, variantStock: Int32Array, sale: Buffer): number => {
        const c0 = first[id] ?? 0;
        const count = variantCount[id] ?? 0;
        let length = at(c0 + count + 3) - at(c0) + sale.length;
        length += digitCount(stockOf(id, variantStock));
        for (let i = 1; i <= count; i++) length += digitCount(variantStock[variantOf(c0 + i)] ?? 0);
        return length;
      };
      /** Writes one product into `out` at `o`; returns where it ends. */
      const put = (id: number, variantStock: Int32Array, sale: Buffer, out: Buffer, o: number) => {
        const c0 = first[id] ?? 0;
        const count = variantCount[id] ?? 0;
        // Parts 0..count end in a stock; the next part ends in the sale; the last ends the product.
        o = copyPart(data, at(c0), at(c0 + 1), out, o);
        o = writeDigits(stockOf(id, variantStock), out, o);
        for (let i = 1; i <= count; i++) {
          o = copyPart(data, at(c0 + i), at(c0 + i + 1), out, o);
          o = writeDigits(variantStock[variantOf(c0 + i)] ?? 0, out, o);
        }
        o = copyPart(data, at(c0 + count + 1), at(c0 + count + 2), out, o);
        o = copyPart(sale, 0, sale.length, out, o);
        return copyPart(data, at(c0 + count + 2), at(c0 + count + 3), out, o);
      };

      return {
        set: add,
        remove,
        idOfSlug: (slug) => slugs.idOf(slug),
        has,
        product(id, variantStock, now) {
          if (!has(id)) return undefined;
          const sale = saleJson(id, now);
          const out = Buffer.allocUnsafe(lengthOf(id, variantStock, sale));
          put(id, variantStock, sale, out, 0);
          return out;
        },
        array(ids, variantStock, now, around = { open: EMPTY, close: EMPTY }) {
          const found = ids.filter(has);
          const sales = found.map((id) => saleJson(id, now));
          let length = around.open.length + 2 + Math.max(0, found.length - 1) + around.close.length;
          for (let i = 0; i < found.length; i++)
            length += lengthOf(found[i] ?? 0, variantStock, sales[i] ?? NULL);
          const out = Buffer.allocUnsafe(length);
          let o = copyPart(around.open, 0, around.open.length, out, 0);
          out[o++] = 0x5b; // [
          for (let i = 0; i < found.length; i++) {
            if (i > 0) out[o++] = 0x2c; // ,
            o = put(found[i] ?? 0, variantStock, sales[i] ?? NULL, out, o);
          }
          out[o++] = 0x5d; // ]
          copyPart(around.close, 0, around.close.length, out, o);
          return out;
        },
      };
    },
  };
}

/** Parts shorter than this are copied byte by byte: a native copy costs more to call. */
const SHORT_PART = 64;

/** Copies `from[start..end)` into `out` at `o`; returns where it ends. */
function copyPart(from: Buffer, start: number, end: number, out: Buffer, o: number): number {
  if (end - start >= SHORT_PART) return o + from.copy(out, o, start, end);
  for (let i = start; i < end; i++) out[o++] = from[i] ?? 0;
  return o;
}

/** How many digits a stock (0 or more) is written with. */
function digitCount(n: number): number {
  let digits = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    digits++;
  }
  return digits;
}

/** Writes a stock's digits (ASCII) into `out` at `o`; returns where they end. */
function writeDigits(n: number, out: Buffer, o: number): number {
  const end = o + digitCount(n);
  for (let at = end - 1; at >= o; at--) {
    out[at] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  return end;
}
