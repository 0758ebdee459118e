import { productSchema, type Product } from '@souq/contracts/catalog';
import { jsonWriter } from '../../http/fast-serializer';

/**
 * Every product's response JSON, written once when the catalog index is built (decision 002),
 * so a list page or a product is copied from memory rather than read from the database and
 * serialized on each request. Two parts change without a catalog edit and are written per
 * response instead: the stock (orders take it) and the flash sale (which starts and ends with
 * the clock). The UTF-8 of all products sits in one buffer outside the JavaScript heap (about
 * 60 MB at 100 000 products), found by id through four offsets a product.
 */
export interface ProductJson {
  /** The id of the product with that slug, if the catalog has it. */
  idOfSlug(slug: string): number | undefined;
  has(id: number): boolean;
  /** One product's JSON, or undefined for an id the catalog does not have. */
  product(id: number, stockOf: Int32Array, now: number): Buffer | undefined;
  /** A JSON array of the products with these ids, in their order (unknown ids left out). */
  array(ids: readonly number[], stockOf: Int32Array, now: number): Buffer;
}

/** A flash sale's window for one product, as epoch ms, with the JSON a running one shows. */
export interface SaleWindow {
  startsAt: number;
  endsAt: number;
  json: Buffer;
}

const writeProduct = jsonWriter(productSchema);
const STOCK_KEY = '"stock":';
const SALE_KEY = '"flashSale":';
const NULL = Buffer.from('null');
const encoder = new TextEncoder();

/**
 * Collects products (in any order) and lays their JSON out in one buffer. Each is written with
 * stock 0 and no sale, then cut around those two values: a key can only appear unescaped as a
 * key in JSON text, and a product's own keys come once, so the cuts are unambiguous.
 */
export function productJsonBuilder(maxId: number, sizeHint: number) {
  // Grown as needed: measuring every text's UTF-8 first would cost as much as writing it.
  let data = Buffer.allocUnsafeSlow(Math.max(1024, sizeHint));
  let offset = 0;
  // Per id: start, where the stock goes, where the sale goes, end. 0 0 0 0: no product.
  const at = new Uint32Array((maxId + 1) * 4);
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

  return {
    add(product: Product): void {
      const text = writeProduct({ ...product, stock: 0, flashSale: null });
      const stock = text.indexOf(`${STOCK_KEY}0,`);
      const sale = text.indexOf(`${SALE_KEY}null,`);
      if (stock < 0 || sale < stock) throw new Error('unexpected product JSON layout');
      const slot = product.id * 4;
      at[slot] = offset;
      append(text.slice(0, stock + STOCK_KEY.length));
      at[slot + 1] = offset;
      append(text.slice(stock + STOCK_KEY.length + 1, sale + SALE_KEY.length));
      at[slot + 2] = offset;
      append(text.slice(sale + SALE_KEY.length + NULL.length));
      at[slot + 3] = offset;
      slugs.set(product.slug, product.id);
    },

    finish(sales: Map<number, SaleWindow[]>): ProductJson {
      // Only what was written stays: a copy of the right size, the growth room let go.
      const written = data;
      data = Buffer.allocUnsafeSlow(offset);
      written.copy(data, 0, 0, offset);

      const has = (id: number) => id > 0 && id <= maxId && (at[id * 4 + 3] ?? 0) > 0;
      const saleJson = (id: number, now: number) => {
        const sale = sales.get(id)?.find((w) => w.startsAt <= now && now < w.endsAt);
        return sale ? sale.json : NULL;
      };
      /** Writes one product into `out` at `offset` (or only measures it without `out`). */
      const put = (id: number, stock: string, sale: Buffer, out?: Buffer, offset = 0) => {
        const slot = id * 4;
        const start = at[slot] ?? 0;
        const stockAt = at[slot + 1] ?? 0;
        const saleAt = at[slot + 2] ?? 0;
        const end = at[slot + 3] ?? 0;
        if (out) {
          let o = offset + data.copy(out, offset, start, stockAt);
          o += out.write(stock, o, 'latin1');
          o += data.copy(out, o, stockAt, saleAt);
          o += sale.copy(out, o);
          data.copy(out, o, saleAt, end);
        }
        return end - start + stock.length + sale.length;
      };

      return {
        idOfSlug: (slug) => slugs.get(slug),
        has,
        product(id, stockOf, now) {
          if (!has(id)) return undefined;
          const stock = String(stockOf[id] ?? 0);
          const sale = saleJson(id, now);
          const out = Buffer.allocUnsafe(put(id, stock, sale));
          put(id, stock, sale, out);
          return out;
        },
        array(ids, stockOf, now) {
          const found = ids.filter(has);
          const stocks = found.map((id) => String(stockOf[id] ?? 0));
          const saleParts = found.map((id) => saleJson(id, now));
          let length = 2 + Math.max(0, found.length - 1);
          found.forEach((id, i) => (length += put(id, stocks[i] ?? '0', saleParts[i] ?? NULL)));
          const out = Buffer.allocUnsafe(length);
          let offset = 0;
          out[offset++] = 0x5b; // [
          found.forEach((id, i) => {
            if (i > 0) out[offset++] = 0x2c; // ,
            offset += put(id, stocks[i] ?? '0', saleParts[i] ?? NULL, out, offset);
          });
          out[offset] = 0x5d; // ]
          return out;
        },
      };
    },
  };
}
