/**
 * Issue 36: a document's first history entry gets a key of its own before the router reads it. React Router keys
 * a page's saved scroll position by its history entry's key, and an entry the app has not written yet (an address
 * typed or a link opened in a used tab) reads as 'default', like the first entry of every earlier document of the
 * tab: an item page opened by its address came back scrolled to where the feed had been. The key lives in
 * history.state, which the browser keeps for back/forward and reload, so those still come back where they were;
 * a new entry starts at the top.
 */
export function claimHistoryEntry(): void {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && typeof (state as { key?: unknown }).key === 'string') return;
  const key = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  window.history.replaceState({ usr: null, ...(state && typeof state === 'object' ? state : {}), key }, '');
}
