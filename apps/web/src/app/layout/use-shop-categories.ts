import type { Category } from '@souq/contracts/catalog';
import { useEffect, useState } from 'react';
import { isItemList } from '../../lib/item-list';

let shared: Promise<Category[]> | null = null;

/** One read of GET /api/categories for the whole page, shared by the menus and the search box. */
function readCategories(): Promise<Category[]> {
  shared ??= fetch('/api/categories', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : { items: [] }))
    .then((data: unknown) =>
      isItemList<Category>(
        data,
        (item) => typeof item.slug === 'string' && typeof item.name === 'string',
      )
        ? data.items
        : [],
    )
    .catch(() => {
      // Offline: asked again the next time a menu opens.
      shared = null;
      return [];
    });
  return shared;
}

/**
 * The shop's categories for the header's menus and search box, read once they are wanted (a
 * menu opened, a search box used). A plain fetch rather than RTK Query, like the suggestions:
 * the header is part of the start-up script (decision 004).
 */
export function useShopCategories(wanted: boolean): Category[] | undefined {
  const [categories, setCategories] = useState<Category[] | undefined>(undefined);
  useEffect(() => {
    if (!wanted || categories) return;
    let current = true;
    void readCategories().then((items) => {
      if (current) setCategories(items);
    });
    return () => {
      current = false;
    };
  }, [wanted, categories]);
  return categories;
}
