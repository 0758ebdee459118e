import type { Db } from '../apps/server/src/db/connection';
import {
  importCatalogRows,
  parseCatalogFile,
} from '../apps/server/src/modules/catalog/catalog-import';

/**
 * Imports `count` new products into one category, as `npm run catalog:import` would, each named
 * "Benchmarked Marshwort" and its number, so a search for "marshwort" finds exactly them.
 */
export async function importMarshworts(
  db: Db,
  count: number,
  category: { name: string; slug: string },
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Benchmarked Marshwort ${i + 1}`,
    description: 'A product of a large import.',
    category: category.name,
    categorySlug: category.slug,
    price: 1_000 + i,
    stock: 3,
  }));
  await importCatalogRows(db, parseCatalogFile('import.json', JSON.stringify(rows)));
}
