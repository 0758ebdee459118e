import type { CatalogEntry } from '../../lib/catalog-api';
import { localized } from '../../lib/localized';
import type { PageDataContext, PageDataLoader } from '../../lib/page-data';
import { paths } from '../../lib/paths';
import {
  readCategoryView,
  readProductsView,
  readSearchView,
  relatedProducts,
} from './catalog-params';

/** A meta description's length that search engines show whole. */
const DESCRIPTION_LENGTH = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH
    ? flat
    : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

async function categoriesEntry({ catalog }: PageDataContext): Promise<CatalogEntry> {
  return { endpointName: 'getCategories', arg: undefined, value: await catalog.categories() };
}

/** "All Products, page 2": later pages of a list are pages of their own for search engines. */
function withPage(context: PageDataContext, title: string, page: number): string {
  return page > 1 ? context.t('seo.pageNumber', { title, page }) : title;
}

/**
 * The server rendering of the catalog's pages, keyed by their route-table chunk: the reads each
 * page makes first (the same arguments, from catalog-params.ts) and what its `<head>` says.
 * Sections the home page renders only near the screen, and the flash sale (its countdown needs
 * the browser's clock against the server's), are left to the browser.
 */
export const catalogPageData: Record<string, PageDataLoader> = {
  home: async (context) => ({
    status: 200,
    head: {
      title: context.t('seo.homeTitle'),
      namesShop: true,
      description: context.t('seo.homeDescription'),
    },
    entries: [await categoriesEntry(context)],
  }),

  products: async (context) => {
    const view = readProductsView(context.search);
    const [categories, products] = await Promise.all([
      categoriesEntry(context),
      context.catalog.products(view.products),
    ]);
    return {
      status: 200,
      head: {
        title: withPage(context, context.t('products.title'), view.page),
        description: context.t('seo.productsDescription'),
        image: products.items[0]?.images[0],
      },
      entries: [categories, { endpointName: 'getProducts', arg: view.products, value: products }],
    };
  },

  category: async (context) => {
    const view = readCategoryView(context.search);
    const categories = await context.catalog.categories();
    const current = categories.items.find((c) => c.slug === view.chosen);
    const entries: CatalogEntry[] = [
      { endpointName: 'getCategories', arg: undefined, value: categories },
    ];
    if (view.chosen) {
      const products = await context.catalog.products(view.products);
      entries.push({ endpointName: 'getProducts', arg: view.products, value: products });
    }
    const name = current && localized(current, 'name', context.language);
    return {
      status: 200,
      head: name
        ? {
            title: withPage(context, name, view.page),
            description: context.t('seo.categoryDescription', { category: name }),
            breadcrumbs: [
              { name: context.t('seo.home'), path: paths.home },
              { name, path: paths.category(current.slug) },
            ],
          }
        : {
            title: context.t('category.title'),
            description: context.t('seo.categoriesDescription'),
          },
      entries,
    };
  },

  search: async (context) => {
    const view = readSearchView(context.search);
    const results = view.query ? await context.catalog.products(view.products) : undefined;
    const entries: CatalogEntry[] = results
      ? [{ endpointName: 'getProducts', arg: view.products, value: results }]
      : [];
    // The help shown for an empty query or no results lists the categories.
    if (!results || results.total === 0) entries.push(await categoriesEntry(context));
    return {
      status: 200,
      head: {
        title: view.query
          ? context.t('seo.searchResultsTitle', { query: view.query })
          : context.t('search.title'),
        description: context.t('seo.searchDescription'),
      },
      entries,
    };
  },

  'product-details': async (context) => {
    const id = context.params.id ?? '';
    const product = await context.catalog.product(id);
    if (!product) return { status: 404 };
    const related = relatedProducts.query(product);
    const name = localized(product, 'name', context.language);
    const categoryName = localized(product.category, 'name', context.language);
    return {
      status: 200,
      head: {
        title: name,
        description: shorten(localized(product, 'description', context.language)),
        canonicalPath: paths.product(product.id),
        image: product.images[0],
        product,
        breadcrumbs: [
          { name: context.t('seo.home'), path: paths.home },
          { name: categoryName, path: paths.category(product.category.slug) },
          { name, path: paths.product(product.id) },
        ],
      },
      entries: [
        { endpointName: 'getProduct', arg: id, value: product },
        {
          endpointName: 'getProducts',
          arg: related,
          value: await context.catalog.products(related),
        },
      ],
    };
  },
};
