import { useState } from 'react';
import { TRADE_MESSAGE_MAX, TRADE_OFFERED_MAX } from '@keeb/shared';
import { priceInputError } from '../../../lib/price-input';
import type { TradeTerms } from '../api/trade-actions';
import { TEXTS } from '../messages';

/** The cash choice as the person filling the form sees it; which field it fills depends on their side. */
export type CashDirection = 'add' | 'ask' | 'none';
export type TradeSide = 'proposer' | 'seller';

export const CASH_CHOICES: ReadonlyArray<{ value: CashDirection; label: string }> = [
  { value: 'add', label: 'I add cash' },
  { value: 'ask', label: 'I ask for cash' },
  { value: 'none', label: 'No cash' },
];

interface Initial {
  offeredItemIds?: readonly string[];
  direction?: CashDirection;
  amount?: string;
}

/**
 * The state of a proposal's or counter's terms: the proposer's listings asked for, the cash either way and the
 * message, checked before the call (the server checks again: its code then shows under the form).
 */
export function useTradeTerms(side: TradeSide, initial: Initial = {}) {
  const [selected, setSelected] = useState<string[]>([...(initial.offeredItemIds ?? [])]);
  const [direction, setDirection] = useState<CashDirection>(initial.direction ?? 'none');
  const [amount, setAmount] = useState(initial.amount ?? '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ items?: string; amount?: string; message?: string }>({});

  const toggle = (id: string) => {
    setSelected((current) => (current.includes(id) ? current.filter((other) => other !== id) : current.length < TRADE_OFFERED_MAX ? [...current, id] : current));
    if (errors.items) setErrors((current) => ({ ...current, items: undefined }));
  };

  /** The terms to send, or null with the errors shown. */
  const check = (): TradeTerms | null => {
    const next: typeof errors = {};
    if (selected.length < 1 || selected.length > TRADE_OFFERED_MAX) next.items = TEXTS.pickListings;
    const amountError = direction === 'none' ? null : priceInputError('Amount', amount);
    if (amountError) next.amount = amountError.endsWith('required') ? TEXTS.cashRequired : amountError;
    if (message.trim().length > TRADE_MESSAGE_MAX) next.message = `At most ${TRADE_MESSAGE_MAX} characters.`;
    setErrors(next);
    if (next.items || next.amount || next.message) return null;
    const cash = direction === 'none' ? 0 : Number(amount.trim());
    // The proposer adding cash pays the seller; the seller adding cash pays the proposer.
    const toSeller = (side === 'proposer' && direction === 'add') || (side === 'seller' && direction === 'ask');
    return {
      offeredItemIds: selected,
      cashToSeller: toSeller ? cash : 0,
      cashToBuyer: toSeller || direction === 'none' ? 0 : cash,
      message: message.trim(),
    };
  };

  return {
    selected,
    toggle,
    direction,
    setDirection: (value: CashDirection) => {
      setDirection(value);
      setErrors((current) => ({ ...current, amount: undefined }));
    },
    amount,
    setAmount: (value: string) => {
      setAmount(value);
      if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
    },
    message,
    setMessage,
    errors,
    check,
  };
}

export type TradeTermsState = ReturnType<typeof useTradeTerms>;

/** A trade's cash as the form's choice for `side` (a counter starts from the current terms). */
export function cashChoice(side: TradeSide, cashToSeller: number, cashToBuyer: number): { direction: CashDirection; amount: string } {
  if (cashToSeller > 0) return { direction: side === 'proposer' ? 'add' : 'ask', amount: String(cashToSeller) };
  if (cashToBuyer > 0) return { direction: side === 'proposer' ? 'ask' : 'add', amount: String(cashToBuyer) };
  return { direction: 'none', amount: '' };
}
