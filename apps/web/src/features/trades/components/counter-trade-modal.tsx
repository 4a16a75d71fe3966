import type { FormEvent, ReactNode } from 'react';
import type { Trade, TradeCounterInput } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { useHasAddress } from '../api/get-listings';
import { cashChoice, useTradeTerms, type TradeSide } from './trade-terms';
import { TradeTermsFields } from './trade-terms-fields';
import { cashLine } from './trade-view';
import { NoAddressBanner } from './no-address-banner';
import styles from './trade-modals.module.css';

interface CounterTradeModalProps {
  trade: Trade;
  /** Who counters: the side the trade awaits. */
  side: TradeSide;
  pending: boolean;
  /** The refusal's banner, if the call failed. */
  failure: ReactNode;
  onSubmit: (terms: TradeCounterInput) => void;
  onClose: () => void;
}

/**
 * Counter (issue 28): new terms from the side the trade awaits: which of the proposer's listings are asked for,
 * the cash either way and a message, starting from the current terms. Issue 36: sending terms needs a mailing
 * address (a counter accepted ships both ways), so without one the form says so, with a link to Settings, before
 * anything is sent.
 */
export function CounterTradeModal({ trade, side, pending, failure, onSubmit, onClose }: CounterTradeModalProps) {
  const current = trade.offeredItems.map((item) => item._id);
  const terms = useTradeTerms(side, { offeredItemIds: current, ...cashChoice(side, trade.cashToSeller, trade.cashToBuyer) });
  const proposer = trade.proposer.username;
  const cash = cashLine(trade, side);
  const noAddress = useHasAddress().data === false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = terms.check();
    if (checked) onSubmit(checked);
  };

  return (
    <AlertModal
      open
      onClose={onClose}
      title="Counter Trade"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="counter-trade-form" pending={pending} disabled={noAddress}>
            Send counter
          </Button>
        </>
      }
    >
      <form id="counter-trade-form" className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.hint}>
          Now: {trade.item.name} for {trade.offeredItems.map((item) => item.name).join(', ')}
          {cash ? ` ${cash}` : ''}.
        </p>
        {noAddress ? <NoAddressBanner /> : null}
        <TradeTermsFields
          terms={terms}
          listingsOf={proposer}
          legend={side === 'proposer' ? 'Your listings to offer' : `${proposer}'s listings you ask for`}
          alwaysAllowed={current}
        />
        {failure}
      </form>
    </AlertModal>
  );
}
