import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ItemDetail } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { loginPath } from '../../../lib/return-url';
import { useSession } from '../../../lib/session';
import type { TradeListingFields } from '../api/get-listings';
import { TEXTS } from '../messages';

// The modal (its picker and form) loads when first opened: the item page's chunk carries only the button.
const ProposeTradeModal = lazy(() => import('./propose-trade-modal'));

export interface ProposeTradeActionProps {
  item: ItemDetail & TradeListingFields;
  isLoggedIn: boolean;
  isUserItem: boolean;
  /** The seller is away (issue 29): shown, but not pressable until they are back. */
  disabled?: boolean;
}

/** Whether the item page offers 'Propose a trade': someone else's approved listing, open to trades, on sale, not held. */
export function canProposeTrade({ item, isUserItem }: Pick<ProposeTradeActionProps, 'item' | 'isUserItem'>): boolean {
  return (
    !isUserItem &&
    item.openToTrades === true &&
    item.tradePending !== true &&
    item.purchaserId === null &&
    item.approvalStatus === 'approved' &&
    item.paymentStatus === 'none'
  );
}

/**
 * The item page's 'Propose a trade' button (issue 28), beside the offer actions; a visitor is sent to sign in
 * as 'Make An Offer' does. A sent proposal leaves a banner linking to the Trades tab.
 */
export function ProposeTradeAction({ item, isLoggedIn, isUserItem, disabled = false }: ProposeTradeActionProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!canProposeTrade({ item, isUserItem })) return null;
  const username = session.data?.isLoggedIn ? session.data.username : undefined;

  const press = () => {
    if (!isLoggedIn || !username) {
      void navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    setSent(false);
    setOpen(true);
  };

  return (
    <>
      {sent ? (
        <FormBanner tone="success" onDismiss={() => setSent(false)}>
          {TEXTS.proposalSent} <Link to="/me/offers?tab=trades">See your trades</Link>
        </FormBanner>
      ) : null}
      <Button block variant="secondary" disabled={disabled} onClick={press}>
        {TEXTS.proposeTrade}
      </Button>
      {open && username ? (
        <Suspense fallback={null}>
          <ProposeTradeModal
            item={item}
            username={username}
            onClose={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              setSent(true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
