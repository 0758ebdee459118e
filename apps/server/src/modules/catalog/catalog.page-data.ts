import type { PageDataLookup } from '../../http/page-hints';
import type { CatalogService } from './catalog.service';

/**
 * What the web app's catalog pages read on their first render, keyed by their route paths, so
 * their HTML can ask the browser to fetch it early (http/page-hints.ts). The URLs must be the
 * ones the pages request (features/catalog/catalog-api.ts); the browser journeys check it.
 */
export function catalogPageData(catalog: CatalogService): Record<string, PageDataLookup> {
  return {
    // The sidebar's categories and the flash sale row; the hero text is the largest paint.
    '/': async () => ({ fetches: ['/api/categories', '/api/flash-sale'] }),
    '/productdetails/:id': async ([idOrSlug = '']) => {
      const product = await catalog.findProduct(idOrSlug);
      if (!product) return undefined;
      return {
        fetches: [`/api/products/${encodeURIComponent(idOrSlug)}`],
        image: product.images[0],
      };
    },
  };
}
