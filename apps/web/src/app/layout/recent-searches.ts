/** The shopper's last searches on this device, newest first, for the search box's suggestions. */
const KEY = 'souq:recent-searches';
const KEPT = 5;

export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((s): s is string => typeof s === 'string' && s.length <= 200).slice(0, KEPT)
      : [];
  } catch {
    // Storage off or damaged: no recent searches.
    return [];
  }
}

export function rememberSearch(text: string): void {
  const kept = [text, ...readRecentSearches().filter((s) => s !== text)].slice(0, KEPT);
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or off: the search still runs.
  }
}
