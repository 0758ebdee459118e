import { productSchema, type Product } from '@souq/contracts/catalog';
import { jsonWriter } from '../../http/fast-serializer';

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
  /** The id of the product with that slug, if the catalog has it. */
  idOfSlug(slug: string): number | undefined;
  has(id: number): boolean;
  /** One product's JSON, or undefined for an id the catalog does not have. */
  product(id: number, variantStock: Int32Array, now: number): Buffer | undefined;
  /** A JSON array of the products with these ids, in their order (unknown ids left out). */
  array(ids: readonly number[], variantStock: Int32Array, now: number): Buffer;
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
const encoder = new TextEncoder();

/**
 * Collects products (in any order) and lays their JSON out in one buffer. Each is written with
 * every stock 0 and no sale, then cut around those values: a key can only appear unescaped as
 * a key in JSON text, the product's own keys come once and its variants' stocks follow in
 * order, so the cuts are unambiguous.
 */
export function productJsonBuilder(maxId: number, sizeHint: number) {
  // Grown as needed: measuring every text's UTF-8 first would cost as much as writing it.
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
  const slugs = new Map<string, number>();

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

  return {
    add(product: Product): void {
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
      slugs.set(product.slug, product.id);
    },

    finish(sales: Map<number, SaleWindow[]>): ProductJson {
      // Only what was written stays: a copy of the right size, the growth room let go.
      const written = data;
      data = Buffer.allocUnsafeSlow(offset);
      written.copy(data, 0, 0, offset);
      const at = cuts.slice(0, cutCount);
      const variantOf = variantAt.slice(0, cutCount);

      const has = (id: number) => id > 0 && id <= maxId && (first[id] ?? -1) >= 0;
      const saleJson = (id: number, now: number) => {
        const sale = sales.get(id)?.find((w) => w.startsAt <= now && now < w.endsAt);
        return sale ? sale.json : NULL;
      };
      /** The product's stock and each variant's, as the text written into its holes. */
      const stocksOf = (id: number, variantStock: Int32Array): string[] => {
        const c0 = first[id] ?? 0;
        const count = variantCount[id] ?? 0;
        const texts: string[] = [''];
        let sum = 0;
        for (let i = 1; i <= count; i++) {
          const stock = variantStock[variantOf[c0 + i] ?? 0] ?? 0;
          sum += stock;
          texts.push(String(stock));
        }
        texts[0] = String(sum);
        return texts;
      };
      /** Writes one product into `out` at `offset` (or only measures it without `out`). */
      const put = (id: number, stocks: string[], sale: Buffer, out?: Buffer, offset = 0) => {
        const c0 = first[id] ?? 0;
        const count = variantCount[id] ?? 0;
        const start = at[c0] ?? 0;
        const end = at[c0 + count + 3] ?? 0;
        let length = end - start + sale.length;
        for (const s of stocks) length += s.length;
        if (out) {
          let o = offset;
          // Parts 0..count end in a stock; the next part ends in the sale; the last ends the product.
          for (let i = 0; i <= count; i++) {
            o += data.copy(out, o, at[c0 + i] ?? 0, at[c0 + i + 1] ?? 0);
            o += out.write(stocks[i] ?? '0', o, 'latin1');
          }
          o += data.copy(out, o, at[c0 + count + 1] ?? 0, at[c0 + count + 2] ?? 0);
          o += sale.copy(out, o);
          data.copy(out, o, at[c0 + count + 2] ?? 0, end);
        }
        return length;
      };

      return {
        idOfSlug: (slug) => slugs.get(slug),
        has,
        product(id, variantStock, now) {
          if (!has(id)) return undefined;
          const stocks = stocksOf(id, variantStock);
          const sale = saleJson(id, now);
          const out = Buffer.allocUnsafe(put(id, stocks, sale));
          put(id, stocks, sale, out);
          return out;
        },
        array(ids, variantStock, now) {
          const found = ids.filter(has);
          const stocks = found.map((id) => stocksOf(id, variantStock));
          const saleParts = found.map((id) => saleJson(id, now));
          let length = 2 + Math.max(0, found.length - 1);
          found.forEach((id, i) => (length += put(id, stocks[i] ?? [], saleParts[i] ?? NULL)));
          const out = Buffer.allocUnsafe(length);
          let offset = 0;
          out[offset++] = 0x5b; // [
          found.forEach((id, i) => {
            if (i > 0) out[offset++] = 0x2c; // ,
            offset += put(id, stocks[i] ?? [], saleParts[i] ?? NULL, out, offset);
          });
          out[offset] = 0x5d; // ]
          return out;
        },
      };
    },
  };
}
