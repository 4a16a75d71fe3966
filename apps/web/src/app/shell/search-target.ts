const RESULTS_PATH = /^\/(?:items(?:\/[^/]+)?|vendor\/products)\/search\//;

/**
 * Where the app-level search box goes (spec 2.2). Inside a category it stays in that category, on vendor
 * pages it searches vendor products, elsewhere it searches items. Blank text does nothing (null), except
 * that clearing the search on a results page returns to the home feed.
 */
export function searchTarget(pathname: string, rawText: string): string | null {
  const text = rawText.trim();
  if (!text) return RESULTS_PATH.test(pathname) ? '/' : null;

  const term = encodeURIComponent(text);
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first === 'vendor') return `/vendor/products/search/${term}`;
  if (first === 'items' && second && second !== 'search') return `/items/${second}/search/${term}`;
  return `/items/search/${term}`;
}
