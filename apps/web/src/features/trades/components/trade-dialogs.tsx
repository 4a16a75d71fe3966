import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice, TRADE_ERRORS, type Trade } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { browser } from '../../../lib/browser';
import { tradeKeys } from '../api/keys';
import { payTrade, tradeActions } from '../api/trade-actions';
import { codeOf, errorText } from '../messages';
import { CounterTradeModal } from './counter-trade-modal';
import type { TradeSide } from './trade-terms';
import { cashLine, cashOwed, otherParty, type TradeButton } from './trade-view';
import styles from './trade-modals.module.css';

/** A button pressed on a trade: every action is confirmed first (or, for a counter, filled in its modal). */
export interface TradeRequest {
  trade: Trade;
  side: TradeSide;
  action: TradeButton;
}

const names = (items: ReadonlyArray<{ name: string }>) => items.map((item) => item.name).join(', ');

/** The confirmation's title, text and button for `request` (all but counter). */
function confirmation({ trade, side, action }: TradeRequest): { title: string; message: string; label: string; danger?: boolean } {
  const other = otherParty(trade, side).username;
  const cash = cashLine(trade, side);
  const terms = `${trade.item.name} for ${names(trade.offeredItems)}${cash ? ` ${cash}` : ''}`;
  switch (action) {
    case 'accept': {
      const payNote = trade.cashToSeller > 0 || trade.cashToBuyer > 0 ? ' The cash is paid within 24 hours, then' : ' Then';
      return { title: 'Accept Trade', message: `Accept the trade of ${terms}?${payNote} each of you ships what you gave.`, label: 'Accept' };
    }
    case 'decline':
      return { title: 'Decline Trade', message: `Decline the trade of ${terms}?`, label: 'Decline', danger: true };
    case 'cancel':
      return trade.status === 'accepted'
        ? { title: 'Cancel Trade', message: `Call off the accepted trade of ${terms}? Nothing is paid and every item is released.`, label: 'Call off', danger: true }
        : { title: 'Cancel Trade', message: `Withdraw your trade proposal of ${terms}?`, label: 'Withdraw', danger: true };
    case 'extend':
      return { title: 'Give More Time', message: `Give ${other} 24 more hours to pay ${formatPrice(cashOwed(trade))}?`, label: 'Give more time' };
    default:
      return { title: 'Pay', message: `Pay ${formatPrice(cashOwed(trade))} to ${other} through PayPal for the trade of ${terms}?`, label: 'Continue to PayPal' };
  }
}

/**
 * The Trades tab's dialogs. A successful action refreshes both lists; a failed one too (the usual cause is a trade
 * that changed meanwhile) and says why in the dialog.
 */
export function useTradeDialogs(): { open: (request: TradeRequest) => void; dialogs: ReactNode } {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<TradeRequest | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tradeKeys.all });

  const action = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: async () => {
      await refresh();
      setRequest(null);
    },
    onError: () => void refresh(),
  });

  // To the provider; its return lands on this tab (trade-payment-return.tsx).
  const pay = useMutation({
    mutationFn: payTrade,
    onSuccess: (redirectUrl) => browser.assign(redirectUrl),
    onError: () => void refresh(),
  });

  const open = (next: TradeRequest) => {
    action.reset();
    pay.reset();
    setRequest(next);
  };
  const close = () => {
    if (!pay.isPending && !pay.isSuccess) setRequest(null);
  };

  const failure = action.error ?? pay.error;
  const failureBanner = failure ? (
    <FormBanner tone="error">
      {errorText(failure)}
      {codeOf(failure) === TRADE_ERRORS.noAddress ? (
        <>
          {' '}
          <Link to="/settings" className={styles.settingsLink}>
            Settings
          </Link>
        </>
      ) : null}
    </FormBanner>
  ) : null;

  let dialog: ReactNode = null;
  if (request?.action === 'counter') {
    dialog = (
      <CounterTradeModal
        trade={request.trade}
        side={request.side}
        pending={action.isPending}
        failure={failureBanner}
        onSubmit={(terms) => action.mutate(() => tradeActions.counter(request.trade._id, terms))}
        onClose={close}
      />
    );
  } else if (request) {
    const { title, message, label, danger } = confirmation(request);
    const id = request.trade._id;
    const confirm = () => {
      if (request.action === 'pay') pay.mutate(id);
      else action.mutate(() => tradeActions[request.action as 'accept' | 'decline' | 'cancel' | 'extend'](id));
    };
    const busy = action.isPending || pay.isPending || pay.isSuccess;
    dialog = (
      <AlertModal
        open
        onClose={close}
        title={title}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={pay.isPending || pay.isSuccess}>
              Cancel
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} pending={busy} onClick={confirm}>
              {label}
            </Button>
          </>
        }
      >
        <p>{message}</p>
        {failureBanner}
      </AlertModal>
    );
  }
  return { open, dialogs: dialog };
}
