import type { Product } from '@souq/contracts/catalog';
import type { Review } from '@souq/contracts/reviews';
import type { PageCatalog } from '@souq/contracts/page-render';
import type { TFunction } from 'i18next';
import type { CatalogEntry } from './catalog-api';

/** What a server-rendered page says about itself in `<head>` (app/page-head.ts writes the tags). */
export interface PageHead {
  /** The page's name; the shop's name is added to it unless `namesShop`. */
  title: string;
  namesShop?: boolean;
  description: string;
  /**
   * The page's canonical address without `lang`: the product by id for a slug, a list with only
   * the parameters that make a distinct page. Without it, the path alone (no query).
   */
  canonicalPath?: string;
  /** A picture for link previews, as a path on this shop. */
  image?: string;
  /** A product page's product: its price and stock go into the social card and JSON-LD. */
  product?: Product;
  /** A product page's newest published reviews, for JSON-LD beside its AggregateRating. */
  reviews?: Review[];
  /** The trail to this page, home first, for JSON-LD's BreadcrumbList. */
  breadcrumbs?: { name: string; path: string }[];
}

/** A page as it renders, or 404 when its subject does not exist (an unknown product). */
export type PageData =
  | {
      status: 200;
      head: PageHead;
      /** The catalog reads the page makes on its first render, answered by the server. */
      entries: CatalogEntry[];
    }
  | { status: 404 };

export interface PageDataContext {
  /** The route's parameters (`/productdetails/:id` → `{ id }`), decoded as the router does. */
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  catalog: PageCatalog;
  t: TFunction;
  language: string;
}

/** Reads what a page shows and says about itself, for its server rendering (entry-server.tsx). */
export type PageDataLoader = (context: PageDataContext) => Promise<PageData>;
