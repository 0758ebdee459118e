import type { SuggestionList } from '@souq/contracts/catalog';
import { useEffect, useState } from 'react';
import { isItemList } from '../../lib/item-list';
import { MAX_SEARCH_LENGTH } from '../../lib/paths';

export type Suggestion = SuggestionList['items'][number];

const DEBOUNCE_MS = 200;

/**
 * Products matching what the shopper is typing, from GET /api/search/suggestions, asked once the
 * typing pauses; an older answer arriving late never replaces a newer one. A plain fetch rather
 * than RTK Query: the header is part of the start-up script, which RTK Query is kept out of
 * (docs/decisions/004-catalog-pages-and-page-weight.md).
 */
export function useSearchSuggestions(text: string): Suggestion[] {
  const query = text.trim().slice(0, MAX_SEARCH_LENGTH);
  const [result, setResult] = useState<{ query: string; items: Suggestion[] }>({
    query: '',
    items: [],
  });

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggestions?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then((response) => (response.ok ? response.json() : { items: [] }))
        .then((data: unknown) => {
          setResult({
            query,
            items: isItemList<Suggestion>(
              data,
              (item) => typeof item.id === 'number' && typeof item.name === 'string',
            )
              ? data.items
              : [],
          });
        })
        .catch(() => {
          // Aborted or offline: the box simply offers no suggestions.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return query && result.query === query ? result.items : [];
}
