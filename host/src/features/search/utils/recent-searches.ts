/** How many recent searches the dialog offers. */
export const RECENT_SEARCHES_MAX = 5;

/** Per user, so a shared computer does not show one person's searches to the next (decision 041). */
export const recentSearchesKey = (userId: number) => `CRM-recent-searches-${userId}`;

export function readRecentSearches(userId: number): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(recentSearchesKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    return [];
  }
}

/** Puts `query` first (once) and keeps the newest few. */
export function rememberSearch(userId: number, query: string): string[] {
  const text = query.trim();
  if (text === '') return readRecentSearches(userId);
  const next = [text, ...readRecentSearches(userId).filter((q) => q.toLowerCase() !== text.toLowerCase())].slice(0, RECENT_SEARCHES_MAX);
  try {
    window.localStorage.setItem(recentSearchesKey(userId), JSON.stringify(next));
  } catch {
    // Storage full or blocked: the search still works, it is only not remembered.
  }
  return next;
}

export function clearRecentSearches(userId: number): void {
  try {
    window.localStorage.removeItem(recentSearchesKey(userId));
  } catch {
    // Nothing to do.
  }
}
