import { demoCategoryNamesAr, demoColourNames, demoProductsAr } from './demo-catalog-ar';
import type { DemoCatalogText } from './seed';

/**
 * The demo catalog's words beyond its English names: Arabic text by product and category slug,
 * and colour names by hex (demo-catalog-ar.test.ts checks that every one is there).
 */
export const demoCatalogText: DemoCatalogText = {
  productsAr: demoProductsAr,
  categoriesAr: demoCategoryNamesAr,
  colourNames: demoColourNames,
};
