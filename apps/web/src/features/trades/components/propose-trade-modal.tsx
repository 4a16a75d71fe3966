import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, TRADE_ERRORS, type Trade } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { useHasAddress } from '../api/get-listings';
import { proposeTrade } from '../api/trade-actions';
import { codeOf, errorText, TEXTS } from '../messages';
import { useTradeTerms } from './trade-terms';
import { TradeTermsFields } from './trade-terms-fields';
import { NoAddressBanner } from './no-address-banner';
import styles from './trade-modals.module.css';

export interface ProposeTradeModalProps {
  item: { _id: string; name: string; price: number; thumbnail: string };
  /** The signed-in proposer: their listings are the picker's. */
  username: string;
  onClose: () => void;
  onSent: (trade: Trade) => void;
}

/**
 * 'Propose a trade' (issue 28): one to four of the proposer's listings, the cash either way and a message. A
 * proposal needs a mailing address (the seller ships to it), so without one the form says so with a link to
 * Settings before anything is sent.
 */
export default function ProposeTradeModal({ item, username, onClose, onSent }: ProposeTradeModalProps) {
  const terms = useTradeTerms('proposer');
  const address = useHasAddress();
  const propose = useMutation({
    mutationFn: (checked: NonNullable<ReturnType<typeof terms.check>>) => proposeTrade(item._id, checked),
    onSuccess: onSent,
  });
  const noAddress = address.data === false || codeOf(propose.error) === TRADE_ERRORS.noAddress;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = terms.check();
    if (checked) propose.mutate(checked);
  };

  return (
    <AlertModal
      open
      onClose={onClose}
      title="Propose a Trade"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="propose-trade-form" pending={propose.isPending} disabled={noAddress}>
            {TEXTS.sendProposal}
          </Button>
        </>
      }
    >
      <form id="propose-trade-form" className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.item}>
          <img className={styles.itemThumb} src={item.thumbnail} alt="" width={56} height={56} />
          <p className={styles.itemText}>
            <span className={styles.itemName}>{item.name}</span>
            <span>Listed at {formatPrice(item.price)}</span>
          </p>
        </div>
        {noAddress ? <NoAddressBanner /> : null}
        <TradeTermsFields terms={terms} listingsOf={username} legend="Your listings to offer" />
        {propose.isError && codeOf(propose.error) !== TRADE_ERRORS.noAddress ? (
          <FormBanner tone="error">
            {errorText(propose.error)}
            {codeOf(propose.error) === TRADE_ERRORS.tradeExists ? (
              <>
                {' '}
                <Link to="/me/offers?tab=trades">Your trades</Link>
              </>
            ) : null}
          </FormBanner>
        ) : null}
      </form>
    </AlertModal>
  );
}
