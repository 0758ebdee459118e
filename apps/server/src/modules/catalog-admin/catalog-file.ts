import type { StoredColour } from '../catalog/product-mapper';

/** A product as the import reads it (README, "Importing a catalog"): what the export writes. */
export interface CatalogFileRecord {
  slug: string;
  name: string;
  description: string;
  category: string;
  categorySlug: string;
  categoryAr?: string;
  price: number;
  compareAtPrice?: number;
  currency: string;
  stock: number;
  images: string[];
  colours: StoredColour[];
  sizes: string[];
  nameAr?: string;
  descriptionAr?: string;
}

const CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  'categorySlug',
  'categoryAr',
  'price',
  'compareAtPrice',
  'currency',
  'stock',
  'images',
  'colours',
  'sizes',
  'nameAr',
  'descriptionAr',
] as const;

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim()
    ? `"${value.replaceAll('"', '""')}"`
    : value;
}

/** The CSV form: lists joined by "|", colours as Name=#hex (their Arabic names are JSON-only). */
export function catalogCsv(records: CatalogFileRecord[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of records) {
    const cells: Record<(typeof CSV_COLUMNS)[number], string> = {
      slug: r.slug,
      name: r.name,
      description: r.description,
      category: r.category,
      categorySlug: r.categorySlug,
      categoryAr: r.categoryAr ?? '',
      price: String(r.price),
      compareAtPrice: r.compareAtPrice === undefined ? '' : String(r.compareAtPrice),
      currency: r.currency,
      stock: String(r.stock),
      images: r.images.join('|'),
      colours: r.colours.map((c) => `${c.name}=${c.hex}`).join('|'),
      sizes: r.sizes.join('|'),
      nameAr: r.nameAr ?? '',
      descriptionAr: r.descriptionAr ?? '',
    };
    lines.push(CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function catalogJson(records: CatalogFileRecord[]): string {
  return `${JSON.stringify(records, null, 2)}\n`;
}
