import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { writeTransaction, type Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import {
  combinationsOf,
  createVariants,
  setForImport,
  shareOut,
  syncVariants,
  variantsOfProduct,
  type NewProductVariants,
  type StockActor,
} from '../stock';
import { skuSchema, STOCK_LIMIT } from '@souq/contracts/admin-catalog';
import { type LanguageCode } from '@souq/contracts/languages';
import { translationsSchema } from '@souq/contracts/language-schemas';
import { multiLineText, singleLineText } from '@souq/contracts/plain-text';
import { taxClasses, taxClassSchema } from '@souq/contracts/tax';
import { serverRoot } from '../../server-files';
import { setCategoryName, setProductTexts, type ProductText } from './catalog-translations';
import { toProductInsertRow, type StoredColour } from './product-mapper';
import { parseCsv, readCell } from '../../csv/csv';

/**
 * `npm run catalog:import -- FILE`: a shop's own products from JSON or CSV. Every row is
 * checked first; one bad row stops the import before anything is written, and the whole file
 * is then written in one transaction. Products are matched by slug, so importing again updates.
 * The format is documented in the README ("Importing a catalog").
 */

/** Where the shop's own pictures live; image paths in a file are checked against it. */
export const shopPublicDir = path.join(serverRoot, '../web/public');
/** A drawn picture for products that come without one (scripts/draw-demo-images.ts). */
export const DEFAULT_PRODUCT_IMAGE = '/images/products/default.svg';

const INSERT_BATCH = 200;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugSchema = z.string().max(120).regex(slugPattern, 'must be lower-case words joined by -');
const money = z.number().int('must be a whole number of cents').nonnegative().max(1_000_000_000);

/** A path under /images/ of a file the shop has, or one of the uploaded pictures given. */
function imagePathSchema(publicDir: string, uploaded: ReadonlySet<string>) {
  const shopFile = z
    .string()
    .regex(/^\/images\/[A-Za-z0-9._/-]+$/, 'must be a path under /images/ or an uploaded picture')
    .refine((p) => !p.split('/').includes('..'), 'must not leave /images/')
    .refine((p) => fs.existsSync(path.join(publicDir, p)), {
      message: `no such file in the shop's public folder`,
    });
  return z.string().refine((p) => uploaded.has(p) || shopFile.safeParse(p).success, {
    error: (issue) =>
      shopFile.safeParse(issue.input).error?.issues[0]?.message ?? 'no such picture',
  });
}

/** Text keyed by a language besides the default: `{"fr": …}` in JSON, `name_fr` in CSV. */
const translationsOf = <T extends z.ZodType>(text: T) => translationsSchema(text).optional();

function importRowSchema(publicDir: string, uploaded: ReadonlySet<string>) {
  return z
    .strictObject({
      slug: slugSchema.optional(),
      name: singleLineText().min(1).max(200),
      description: multiLineText().min(1).max(5000),
      category: singleLineText().min(1).max(100),
      categorySlug: slugSchema.optional(),
      categoryAr: singleLineText().min(1).max(100).optional(),
      price: money,
      compareAtPrice: money.nullable().optional(),
      /** The shop's currency when left out; a file in another currency is refused. */
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be a three-letter code such as USD')
        .optional(),
      stock: z.number().int('must be a whole number').nonnegative().max(STOCK_LIMIT).default(0),
      /** Left out: a new product is standard-rated, an existing one keeps its class. */
      taxClass: taxClassSchema.optional(),
      images: z.array(imagePathSchema(publicDir, uploaded)).max(12).default([]),
      colours: z
        .array(
          z.strictObject({
            name: singleLineText().min(1).max(50),
            hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #1f2937'),
            nameAr: singleLineText().min(1).max(50).optional(),
            translations: translationsOf(z.strictObject({ name: singleLineText().min(1).max(50) })),
          }),
        )
        .max(30)
        .default([]),
      sizes: z.array(singleLineText().min(1).max(20)).max(30).default([]),
      /** Stock (and SKU) per colour × size; without it, `stock` is shared out over them. */
      variants: z
        .array(
          z.strictObject({
            colour: singleLineText().min(1).max(50).nullable().optional(),
            size: singleLineText().min(1).max(20).nullable().optional(),
            sku: skuSchema.optional(),
            stock: z.number().int('must be a whole number').nonnegative().max(STOCK_LIMIT),
          }),
        )
        .max(900)
        .optional(),
      nameAr: singleLineText().min(1).max(200).optional(),
      descriptionAr: multiLineText().min(1).max(5000).optional(),
      /** The generic form of the above for any language: `{"fr": {"name", "description"}}`. */
      translations: translationsOf(
        z.strictObject({
          name: singleLineText().min(1).max(200),
          description: multiLineText().min(1).max(5000),
        }),
      ),
      categoryTranslations: translationsOf(singleLineText().min(1).max(100)),
    })
    .refine((r) => r.nameAr === undefined || r.translations?.ar === undefined, {
      message: 'give the Arabic text as nameAr or in translations, not both',
      path: ['translations', 'ar'],
    })
    .refine((r) => r.categoryAr === undefined || r.categoryTranslations?.ar === undefined, {
      message: 'give the Arabic category name as categoryAr or in categoryTranslations, not both',
      path: ['categoryTranslations', 'ar'],
    })
    .refine((r) => r.compareAtPrice == null || r.compareAtPrice > r.price, {
      message: 'must be greater than price',
      path: ['compareAtPrice'],
    })
    .refine((r) => (r.nameAr === undefined) === (r.descriptionAr === undefined), {
      message: 'nameAr and descriptionAr come together',
      path: ['nameAr'],
    })
    .refine((r) => (r.variants ?? []).reduce((sum, v) => sum + v.stock, 0) <= STOCK_LIMIT, {
      message: `a product holds at most ${STOCK_LIMIT} units, all its variants together`,
      path: ['variants'],
    })
    .superRefine((r, context) => {
      if (!r.variants) return;
      const combinations = combinationsOf(
        r.colours.map((c) => c.name),
        r.sizes,
      ).map((c) => variantKey(c.colour, c.size));
      const given = r.variants.map((v) => variantKey(v.colour ?? null, v.size ?? null));
      given.forEach((key, i) => {
        if (!combinations.includes(key))
          context.addIssue({
            code: 'custom',
            message: 'is not one of the colours × sizes',
            path: ['variants', i],
          });
        else if (given.indexOf(key) !== i)
          context.addIssue({ code: 'custom', message: 'is given twice', path: ['variants', i] });
      });
      if (given.length === new Set(given).size && given.length !== combinations.length)
        context.addIssue({
          code: 'custom',
          message: `must name each of the ${combinations.length} colour × size combinations`,
          path: ['variants'],
        });
      const skus = r.variants.flatMap((v) => (v.sku ? [v.sku] : []));
      if (new Set(skus).size !== skus.length)
        context.addIssue({ code: 'custom', message: 'a SKU is given twice', path: ['variants'] });
    });
}

function variantKey(colour: string | null, size: string | null): string {
  return `${colour ?? ''}\u0000${size ?? ''}`;
}

/**
 * The variants a row gives its product, in colours-then-sizes order: as the file names them,
 * or its stock shared out over every combination (decision 014).
 */
export function rowVariants(
  row: ImportRow,
): { colour: string | null; size: string | null; sku?: string | undefined; stock: number }[] {
  const combinations = combinationsOf(
    row.colours.map((c) => c.name),
    row.sizes,
  );
  if (row.variants) {
    const given = new Map(
      row.variants.map((v) => [variantKey(v.colour ?? null, v.size ?? null), v]),
    );
    return combinations.map((c) => {
      const v = given.get(variantKey(c.colour, c.size));
      return { ...c, sku: v?.sku, stock: v?.stock ?? 0 };
    });
  }
  const stocks = shareOut(row.stock, combinations.length);
  return combinations.map((c, i) => ({ ...c, stock: stocks[i] ?? 0 }));
}
export type ImportRow = z.infer<ReturnType<typeof importRowSchema>> & { currency: string };
/** A checked row: its slug is given or made from its name, its currency the shop's. */
export type CatalogRow = ImportRow & { slug: string };

/** A row's product text per language: `nameAr`/`descriptionAr` are the Arabic one's names. */
function rowTexts(row: ImportRow): Partial<Record<LanguageCode, ProductText>> {
  return {
    ...row.translations,
    ...(row.nameAr === undefined
      ? {}
      : { ar: { name: row.nameAr, description: row.descriptionAr ?? null } }),
  };
}

/** A row's category name per language: `categoryAr` is the Arabic one's name. */
function rowCategoryNames(row: ImportRow): Partial<Record<LanguageCode, string>> {
  return {
    ...row.categoryTranslations,
    ...(row.categoryAr === undefined ? {} : { ar: row.categoryAr }),
  };
}

function rowColour(colour: ImportRow['colours'][number]): StoredColour {
  const translations = {
    ...colour.translations,
    ...(colour.nameAr ? { ar: { name: colour.nameAr } } : {}),
  };
  return {
    hex: colour.hex,
    name: colour.name,
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
}

export interface ImportProblem {
  line: number;
  message: string;
  /** Which product of the file (1 for the first) and which of its fields, when known. */
  row?: number;
  field?: string;
}

export class CatalogImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map((p) => `line ${p.line}: ${p.message}`).join('\n'));
  }
}

export interface ImportResult {
  products: number;
  newCategories: number;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/**
 * Reads and checks every row; throws CatalogImportError listing each bad row's line. Pictures are
 * the shop's own files under /images/, or uploaded ones (/media/…) that the caller found stored.
 * Prices are in minor units of the shop's currency, which every product takes.
 */
export function parseCatalogFile(
  fileName: string,
  text: string,
  publicDir = shopPublicDir,
  uploadedPictures: ReadonlySet<string> = new Set(),
  shopCurrency = 'USD',
): CatalogRow[] {
  const records = fileName.toLowerCase().endsWith('.csv') ? csvRecords(text) : jsonRecords(text);
  const schema = importRowSchema(publicDir, uploadedPictures);
  const problems: ImportProblem[] = [];
  const rows: CatalogRow[] = [];
  const seenSlugs = new Map<string, number>();
  /** The first name each category is given in each language, by "slug language". */
  const categoryNames = new Map<string, { name: string; line: number }>();
  for (const [index, { line, value }] of records.entries()) {
    const row = index + 1;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({
          line,
          row,
          field: issue.path.join('.') || undefined,
          message: `${issue.path.join('.') || 'row'}: ${issue.message}`,
        });
      continue;
    }
    if (parsed.data.currency !== undefined && parsed.data.currency !== shopCurrency) {
      problems.push({
        line,
        row,
        field: 'currency',
        message: `currency: the shop sells in ${shopCurrency}, not ${parsed.data.currency}`,
      });
      continue;
    }
    const product = {
      ...parsed.data,
      currency: shopCurrency,
      slug: parsed.data.slug ?? slugify(parsed.data.name),
    };
    const earlier = seenSlugs.get(product.slug);
    if (earlier !== undefined) {
      problems.push({
        line,
        row,
        field: 'slug',
        message: `slug: "${product.slug}" is already used on line ${earlier}`,
      });
      continue;
    }
    if (!product.slug) {
      problems.push({
        line,
        row,
        field: 'slug',
        message: 'slug: the name has no letters or digits to make one from',
      });
      continue;
    }
    const categorySlug = product.categorySlug ?? slugify(product.category);
    const names = Object.entries(rowCategoryNames(product));
    const clash = names.find(([language, name]) => {
      const earlier = categoryNames.get(`${categorySlug} ${language}`);
      return earlier && earlier.name !== name;
    });
    if (clash) {
      const [language] = clash;
      const earlier = categoryNames.get(`${categorySlug} ${language}`);
      const field = language === 'ar' ? 'categoryAr' : `categoryTranslations.${language}`;
      problems.push({
        line,
        row,
        field,
        message: `${field}: "${categorySlug}" is named "${earlier?.name}" on line ${earlier?.line}`,
      });
      continue;
    }
    for (const [language, name] of names)
      if (!categoryNames.has(`${categorySlug} ${language}`))
        categoryNames.set(`${categorySlug} ${language}`, { name, line });
    seenSlugs.set(product.slug, line);
    rows.push(product);
  }
  if (records.length === 0) problems.push({ line: 1, message: 'the file has no products' });
  if (problems.length > 0) throw new CatalogImportError(problems);
  return rows;
}

/** Writes checked rows in one transaction: categories by slug, products upserted by slug. */
export async function importCatalogRows(
  db: Db,
  rows: ImportRow[],
  options?: WriteOptions,
): Promise<ImportResult> {
  return writeTransaction(db, (trx) => writeCatalogRows(trx, rows, options));
}

export interface WriteOptions {
  /** Who imports, for the stock ledger; null for the command line. */
  actor?: StockActor | null;
  at?: Date;
}

/**
 * Writes checked rows within the caller's write transaction: the import's writer, which the
 * demo catalog's seed (demo-catalog.seed.ts) shares.
 */
export async function writeCatalogRows(
  trx: Kysely<Database>,
  rows: ImportRow[],
  { actor = null, at = new Date() }: WriteOptions = {},
): Promise<ImportResult> {
  const categoryIds = new Map<string, number>();
  let newCategories = 0;
  const existing = await trx.selectFrom('categories').select(['id', 'slug']).execute();
  for (const c of existing) categoryIds.set(c.slug, c.id);
  const lastPosition = await trx
    .selectFrom('categories')
    .select((eb) => eb.fn.max<number>('position').as('position'))
    .executeTakeFirst();
  let position = (lastPosition?.position ?? -1) + 1;
  const renamed = new Set<string>();
  for (const row of rows) {
    const slug = row.categorySlug ?? slugify(row.category);
    let id = categoryIds.get(slug);
    if (id === undefined) {
      ({ id } = await trx
        .insertInto('categories')
        .values({ slug, name: row.category, position: position++ })
        .returning('id')
        .executeTakeFirstOrThrow());
      categoryIds.set(slug, id);
      newCategories++;
    }
    // A category gets the file's name in each language once; a name the file leaves out stays.
    for (const [language, name] of Object.entries(rowCategoryNames(row)) as [
      LanguageCode,
      string,
    ][]) {
      if (renamed.has(`${slug} ${language}`)) continue;
      renamed.add(`${slug} ${language}`);
      await setCategoryName(trx, id, language, name);
    }
  }
  // The file says each product's text in Arabic (nameAr, its own field) and in every language
  // any of its rows names: a row without it removes it. Languages the file never names are kept.
  const fileLanguages = new Set<LanguageCode>([
    'ar',
    ...rows.flatMap((row) => Object.keys(row.translations ?? {}) as LanguageCode[]),
  ]);

  const stockChange = { actor, at: at.toISOString() };
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const slugs = batch.map((row) => row.slug ?? slugify(row.name));
    const existing = new Set(
      (await trx.selectFrom('products').select('slug').where('slug', 'in', slugs).execute()).map(
        (p) => p.slug,
      ),
    );
    const values = batch.map((row) => ({
      ...toProductInsertRow(
        {
          ...row,
          slug: row.slug ?? slugify(row.name),
          images: row.images.length > 0 ? row.images : [DEFAULT_PRODUCT_IMAGE],
          colours: row.colours.map(rowColour),
        },
        categoryIds.get(row.categorySlug ?? slugify(row.category)) ?? 0,
      ),
      updated_at: at.toISOString(),
    }));
    await trx
      .insertInto('products')
      .values(values)
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          category_id: eb.ref('excluded.category_id'),
          price_cents: eb.ref('excluded.price_cents'),
          compare_at_cents: eb.ref('excluded.compare_at_cents'),
          currency: eb.ref('excluded.currency'),
          images: eb.ref('excluded.images'),
          colours: eb.ref('excluded.colours'),
          sizes: eb.ref('excluded.sizes'),
          updated_at: eb.ref('excluded.updated_at'),
          // A deleted (archived) product that a file names again comes back.
          archived_at: null,
        })),
      )
      .execute();
    for (const taxClass of taxClasses) {
      const named = slugs.filter((_, k) => batch[k]?.taxClass === taxClass);
      if (named.length > 0)
        await trx
          .updateTable('products')
          .set({ tax_class: taxClass })
          .where('slug', 'in', named)
          .execute();
    }
    const ids = new Map(
      (
        await trx.selectFrom('products').select(['id', 'slug']).where('slug', 'in', slugs).execute()
      ).map((p) => [p.slug, p.id]),
    );
    const texts = batch.map(rowTexts);
    for (const language of fileLanguages)
      await setProductTexts(
        trx,
        language,
        batch.map((_, k) => ({
          productId: ids.get(slugs[k] ?? '') ?? 0,
          text: texts[k]?.[language] ?? null,
        })),
      );
    const created: NewProductVariants[] = [];
    for (const [k, row] of batch.entries()) {
      const slug = slugs[k] ?? '';
      const productId = ids.get(slug) ?? 0;
      const variants = rowVariants(row);
      if (!existing.has(slug)) {
        created.push({ productId, variants: variants.map((v) => ({ ...v, sku: v.sku ?? null })) });
        continue;
      }
      // A product the shop has: its combinations follow the file (a SKU the file leaves out is
      // kept), then each variant's stock is set, the difference written as an import movement.
      const current = await variantsOfProduct(trx, productId);
      const skus = new Map(
        current.map((v) => [variantKey(v.colour || null, v.size || null), v.sku]),
      );
      const wanted = variants.map((v) => ({
        colour: v.colour,
        size: v.size,
        sku: v.sku ?? skus.get(variantKey(v.colour, v.size)) ?? null,
      }));
      const live = current.filter((v) => !v.archived);
      // Most rows of a re-import change nothing of the variants: their stock is all to compare.
      const unchanged =
        live.length === wanted.length &&
        live.every(
          (v, j) =>
            variantKey(v.colour || null, v.size || null) ===
              variantKey(wanted[j]?.colour ?? null, wanted[j]?.size ?? null) &&
            v.sku === wanted[j]?.sku,
        );
      const variantIds = unchanged
        ? live.map((v) => v.id)
        : await syncVariants(trx, productId, wanted, stockChange);
      for (const [j, variantId] of variantIds.entries()) {
        const stock = variants[j]?.stock ?? 0;
        if (!unchanged || live[j]?.stock !== stock)
          await setForImport(trx, variantId, stock, stockChange);
      }
    }
    await createVariants(trx, created, { reason: 'import', ...stockChange });
    // Between batches the event loop serves other requests: a large file takes seconds, and
    // better-sqlite3 runs each statement synchronously (decision 015, importing).
    await nextLoopTurn();
  }
  return { products: rows.length, newCategories };
}

interface RawRecord {
  line: number;
  value: unknown;
}

/** A JSON array of product objects; each gets the line its object starts on. */
function jsonRecords(text: string): RawRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogImportError([
      { line: lineOfJsonError(text, error), message: `not valid JSON: ${String(error)}` },
    ]);
  }
  if (!Array.isArray(data))
    throw new CatalogImportError([{ line: 1, message: 'must be a JSON array of products' }]);
  const lines = topLevelElementLines(text);
  return data.map((value: unknown, i) => ({ line: lines[i] ?? 1, value }));
}

function lineOfJsonError(text: string, error: unknown): number {
  const position = /position (\d+)/.exec(String(error))?.[1];
  return position === undefined ? 1 : text.slice(0, Number(position)).split('\n').length;
}

/** The line on which each element of the top-level array starts. */
function topLevelElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 1 && expectElement && c !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return lines;
}

const listColumns = new Set(['images', 'sizes']);
const languageColumn = /^(name|description|category|colours)_([a-z]{2,3})$/;
const integerColumns = new Set(['price', 'compareAtPrice', 'stock']);

/**
 * CSV with a header row naming the JSON fields. Lists are separated by "|"; colours are
 * "Name=#hex" pairs ("Navy=#1f2a44|Sand=#c2b280"), their names in another language in
 * `colours_<code>` in the same order ("كحلي|رملي", an empty entry for none; older files give
 * the Arabic one after the hex, "Navy=#1f2a44=كحلي"); variants are "colour;size;sku;stock" entries
 * with empty parts for none ("Navy;M;LS-NV-M;4|Navy;L;;2"). Empty cells mean "not given". A cell
 * the export neutralised ("'=SUM(A1)") is read without its apostrophe (csv/csv.ts).
 */
function csvRecords(text: string): RawRecord[] {
  const { rows, lines } = parseCsv(text);
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return body.map((cells, i) => {
    const value: Record<string, unknown> = {};
    const colourNames: [language: string, names: string[]][] = [];
    names.forEach((name, column) => {
      const cell = readCell(cells[column] ?? '');
      if (cell.trim() === '') return;
      if (integerColumns.has(name)) value[name] = /^\s*\d+\s*$/.test(cell) ? Number(cell) : cell;
      else if (listColumns.has(name)) value[name] = cell.split('|').map((s) => s.trim());
      else if (name === 'variants')
        value[name] = cell.split('|').map((entry) => {
          const [colour = '', size = '', sku = '', stock = ''] = entry
            .split(';')
            .map((part) => part.trim());
          return {
            ...(colour ? { colour } : {}),
            ...(size ? { size } : {}),
            ...(sku ? { sku } : {}),
            stock: /^\d+$/.test(stock) ? Number(stock) : stock,
          };
        });
      else if (name === 'colours')
        value[name] = cell.split('|').map((pair) => {
          const [colourName = '', hex = '', nameAr = ''] = pair.split('=');
          return {
            name: colourName.trim(),
            hex: hex.trim(),
            ...(nameAr.trim() ? { nameAr: nameAr.trim() } : {}),
          };
        });
      else if (languageColumn.test(name)) {
        // name_ar, description_ar, category_ar, colours_ar and the same for every language.
        const [, field = '', language = ''] = languageColumn.exec(name) ?? [];
        if (field === 'colours')
          colourNames.push([language, cell.split('|').map((part) => part.trim())]);
        else if (field === 'category')
          value['categoryTranslations'] = {
            ...(value['categoryTranslations'] as object),
            [language]: cell,
          };
        else {
          const all = (value['translations'] ?? {}) as Record<string, Record<string, string>>;
          all[language] = { ...all[language], [field]: cell };
          value['translations'] = all;
        }
      } else value[name] = cell;
    });
    for (const [language, given] of colourNames) {
      const colours = (value['colours'] ?? []) as { translations?: object }[];
      // Names that match no colour are left as an unknown field, which the row's check refuses.
      if (given.length !== colours.length) value[`colours_${language}`] = given.join('|');
      else
        colours.forEach((colour, i) => {
          if (given[i])
            colour.translations = { ...colour.translations, [language]: { name: given[i] } };
        });
    }
    if (cells.length > names.length) value['(extra cells)'] = cells.slice(names.length);
    return { line: lines[i + 1] ?? 1, value };
  });
}
