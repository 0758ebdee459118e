import type { Category, CategoryList } from '@souq/contracts/catalog';
import { useEffect, useState } from 'react';

let shared: Promise<Category[]> | null = null;

function isCategoryList(data: unknown): data is CategoryList {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { items?: unknown }).items) &&
    (data as { items: unknown[] }).items.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Category).slug === 'string' &&
        typeof (item as Category).name === 'string',
    )
  );
}

/** One read of GET /api/categories for the whole page, shared by the menus and the search box. */
function readCategories(): Promise<Category[]> {
  shared ??= fetch('/api/categories', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : { items: [] }))
    .then((data: unknown) => (isCategoryList(data) ? data.items : []))
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
