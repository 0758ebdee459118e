/**
 * Whether an answer read without RTK Query (the header's menus and search box, kept out of the
 * start-up script) is `{ items: [...] }` whose every item passes `isItem`.
 */
export function isItemList<T>(
  data: unknown,
  isItem: (item: Partial<T>) => boolean,
): data is { items: T[] } {
  const items = (data as { items?: unknown } | null)?.items;
  return (
    Array.isArray(items) &&
    items.every((item) => typeof item === 'object' && item !== null && isItem(item as Partial<T>))
  );
}
