import type { PageDataLookup } from '../../http/page-hints';
import type { CatalogService } from './catalog.service';

/**
 * What the web app's catalog pages read on their first render that their server-rendered HTML
 * does not already carry, keyed by their route paths, so the HTML can ask the browser to fetch
 * it early (http/page-hints.ts). The URLs must be the ones the pages request
 * (lib/catalog-api.ts); the browser journeys check it. The categories, the home page's flash
 * sale and a product page's product are in the page (decision 011).
 */
export function catalogPageData(catalog: CatalogService): Record<string, PageDataLookup> {
  return {
    '/productdetails/:id': async ([idOrSlug = '']) => {
      const product = await catalog.findProduct(idOrSlug);
      if (!product) return undefined;
      return { fetches: [], image: product.images[0] };
    },
  };
}
