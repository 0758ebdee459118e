import type { DemoCatalogText } from './seed';

/**
 * The demo catalog's words beyond its English names: Arabic text by product and category slug,
 * and colour names by hex. The seed reads them from here; a colour missing below is named
 * after the nearest everyday colour, a product or category missing has no Arabic text.
 */
export const demoCatalogText: DemoCatalogText = {
  productsAr: {},
  categoriesAr: {},
  colourNames: {},
};
