import { lazy, Suspense } from 'react';
import type { SearchAction } from '../features/discovery/components/search-extras';

// Only a searched or filtered feed offers it, so the button (with the wants' texts) loads then, not with every feed
// page: 4.4 KB gzip off the feed's first load (the 150 KB budget, e2e/budgets).
const SaveSearchButton = lazy(async () => ({ default: (await import('../features/wants/components/save-search-button')).SaveSearchButton }));

/** What a searched or filtered list offers (the feed's, the vendor products'): the wants' 'Save this search as a want'. */
export const saveSearchAction: SearchAction = (search) => (
  <Suspense fallback={null}>
    <SaveSearchButton search={search} />
  </Suspense>
);
