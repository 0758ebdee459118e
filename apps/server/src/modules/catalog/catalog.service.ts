import type { FacetQuery, Product, ProductListQuery } from '@souq/contracts/catalog';
import { NotFoundError } from '../../http/errors';
import type { CatalogRepository } from './catalog.repository';

/**
 * What the shop says about its catalog. Reads pass through to the repository, which keeps its
 * own short-lived counts (decision 002); the one rule here is that an unknown product is a 404.
 */
export function createCatalogService({ repository }: { repository: CatalogRepository }) {
  return {
    buildIndex: () => repository.buildIndex(),
    /** How the catalog index has kept up with edits: full builds, products applied in place. */
    indexStats: () => repository.indexStats(),
    /**
     * The catalog version this app server's answers come from; it moves when an edit reaches
     * them. Kept answers made before it moved are not sent again (`shortLivedCache`).
     */
    indexVersion: () => repository.indexVersion(),
    listCategories: () => repository.listCategories(),
    /** A list page as the JSON the API sends (decision 002). */
    listPageJson: (query: ProductListQuery) => repository.listPageJson(query),
    facets: (query: FacetQuery) => repository.facets(query),
    suggest: (text: string) => repository.suggest(text),
    currentFlashSale: () => repository.currentFlashSale(),
    /** undefined when the shop has no such product, for callers that only look. */
    findProduct: (idOrSlug: string) => repository.findProduct(idOrSlug),

    async getProduct(idOrSlug: string): Promise<Product> {
      const product = await repository.findProduct(idOrSlug);
      if (!product) throw new NotFoundError('No product with that id.');
      return product;
    },

    /** The product's JSON as the API sends it; undefined when the shop has no such product. */
    findProductJson: (idOrSlug: string) => repository.productJson(idOrSlug),

    /** The product's JSON as the API sends it. */
    async getProductJson(idOrSlug: string): Promise<Buffer> {
      const json = await repository.productJson(idOrSlug);
      if (!json) throw new NotFoundError('No product with that id.');
      return json;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
