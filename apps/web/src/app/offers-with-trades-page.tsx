import { lazy, Suspense } from 'react';
import { OffersPage } from '../features/offers/pages/offers-page';
import { TradesTabLabel } from '../features/trades/components/trades-tab-label';

// The Trades tab's lists and dialogs are a chunk of their own, fetched when the tab is first shown.
const TradesTab = lazy(async () => ({ default: (await import('../features/trades/components/trades-tab')).TradesTab }));

/** /me/offers, composed here: the offers feature's page with the trades feature's tab (issue 28). */
export function OffersWithTradesPage() {
  return (
    <OffersPage
      trades={{
        label: <TradesTabLabel />,
        panel: (
          <Suspense fallback={<div aria-busy="true" aria-label="Loading trades" />}>
            <TradesTab />
          </Suspense>
        ),
      }}
    />
  );
}
