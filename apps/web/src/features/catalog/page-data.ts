import type { CatalogEntry } from '../../lib/catalog-api';
import { localized } from '../../lib/localized';
import type { PageDataContext, PageDataLoader } from '../../lib/page-data';
import { paths } from '../../lib/paths';
import type { ProductListParams } from '../../lib/catalog-api';
import {
  facetQueryOf,
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

/** A list page's products and its filter panel's counts, read together. */
async function listEntries(
  { catalog }: PageDataContext,
  query: ProductListParams,
): Promise<CatalogEntry[]> {
  const facetQuery = facetQueryOf(query);
  const [products, facets] = await Promise.all([
    catalog.products(query),
    catalog.facets(facetQuery),
  ]);
  return [
    { endpointName: 'getProducts', arg: query, value: products },
    { endpointName: 'getFacets', arg: facetQuery, value: facets },
  ];
}

/** "All Products, page 2": later pages of a list are pages of their own for search engines. */
function withPage(context: PageDataContext, title: string, page: number): string {
  return page > 1 ? context.t('seo.pageNumber', { title, page }) : title;
}

/**
 * A list's canonical address: only what makes a distinct page (decision 011). The category and a
 * page after the first choose other products; a sort or a price band shows the same products
 * reordered or narrowed, so those addresses point at the list they come from, as do tracking
 * (`utm_*`) and unknown parameters.
 */
function listAddress(path: string, params: { category?: string; query?: string; page: number }) {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.query) search.set('query', params.query);
  if (params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The server rendering of the catalog's pages, keyed by their route-table chunk: the reads each
 * page makes first (the same arguments, from catalog-params.ts) and what its `<head>` says.
 * Sections the home page renders only near the screen are left to the browser. The flash sale
 * is in the page with the server's clock; the page's response carries the clock of its sending
 * (lib/page-state.ts), since the rendered page is kept for a few seconds.
 */
export const catalogPageData: Record<string, PageDataLoader> = {
  home: async (context) => {
    const [categories, flashSale] = await Promise.all([
      categoriesEntry(context),
      context.catalog.flashSale(),
    ]);
    return {
      status: 200,
      head: {
        title: context.t('seo.homeTitle'),
        namesShop: true,
        description: context.t('seo.homeDescription'),
        canonicalPath: paths.home,
      },
      entries: [categories, { endpointName: 'getFlashSale', arg: undefined, value: flashSale }],
    };
  },

  products: async (context) => {
    const view = readProductsView(context.search);
    const [categories, list] = await Promise.all([
      context.catalog.categories(),
      listEntries(context, view.products),
    ]);
    const current = categories.items.find((c) => c.slug === view.category);
    if (view.category && !current) return { status: 404 };
    const products = list[0]?.endpointName === 'getProducts' ? list[0].value : undefined;
    const title = current
      ? localized(current, 'name', context.language)
      : context.t('products.title');
    return {
      status: 200,
      head: {
        title: withPage(context, title, view.page),
        description: context.t('seo.productsDescription'),
        image: products?.items[0]?.images[0],
        canonicalPath: listAddress(paths.products, view),
      },
      entries: [{ endpointName: 'getCategories', arg: undefined, value: categories }, ...list],
    };
  },

  category: async (context) => {
    const view = readCategoryView(context.search);
    const categories = await context.catalog.categories();
    const current = categories.items.find((c) => c.slug === view.chosen);
    if (view.chosen && !current) return { status: 404 };
    const entries: CatalogEntry[] = [
      { endpointName: 'getCategories', arg: undefined, value: categories },
    ];
    if (!current) {
      return {
        status: 200,
        head: {
          title: context.t('category.title'),
          description: context.t('seo.categoriesDescription'),
          canonicalPath: '/category',
        },
        entries,
      };
    }
    entries.push(...(await listEntries(context, view.products)));
    const name = localized(current, 'name', context.language);
    return {
      status: 200,
      head: {
        title: withPage(context, name, view.page),
        description: context.t('seo.categoryDescription', { category: name }),
        canonicalPath: listAddress('/category', { category: current.slug, page: view.page }),
        breadcrumbs: [
          { name: context.t('seo.home'), path: paths.home },
          { name, path: paths.category(current.slug) },
        ],
      },
      entries,
    };
  },

  search: async (context) => {
    const view = readSearchView(context.search);
    const entries = view.query ? await listEntries(context, view.products) : [];
    // The filters name the categories, and so does the help for an empty query or no results.
    entries.push(await categoriesEntry(context));
    return {
      status: 200,
      head: {
        title: view.query
          ? context.t('seo.searchResultsTitle', { query: view.query })
          : context.t('search.title'),
        description: context.t('seo.searchDescription'),
        canonicalPath: listAddress('/search', view),
      },
      entries,
    };
  },

  'product-details': async (context) => {
    const id = context.params.id ?? '';
    const product = await context.catalog.product(id);
    if (!product) return { status: 404 };
    const related = relatedProducts.query(product);
    const [relatedList, reviews] = await Promise.all([
      context.catalog.products(related),
      context.catalog.newestReviews(product.id),
    ]);
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
        reviews,
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
          value: relatedList,
        },
      ],
    };
  },
};
