import type { Trade, TradeItem } from '@keeb/shared';
import { makeItem } from '../../../test/make-item';
import type { TradeListing } from '../api/get-listings';

/** Test data shaped as GET /me/trades and /trade/{id} answer it: clackfan (u3) proposes to switchfan (u1). */
export function makeTradeItem(overrides: Partial<TradeItem> = {}): TradeItem {
  return { _id: 'i1', name: 'Tofu65 Aluminium', thumbnail: '/uploads/@2x_tofu.jpg', price: 180, ...overrides };
}

export const SELLER = { _id: 'u1', username: 'switchfan', avatar: null };
export const PROPOSER = { _id: 'u3', username: 'clackfan', avatar: null };

export function makeTrade(overrides: Partial<Trade> = {}): Trade {
  return {
    _id: 't1',
    status: 'pending',
    item: makeTradeItem(),
    offeredItems: [makeTradeItem({ _id: 'k1', name: 'GMK Olivia', thumbnail: '/uploads/@2x_olivia.jpg', price: 140 })],
    cashToSeller: 40,
    cashToBuyer: 0,
    message: 'Olivia plus $40 for the Tofu?',
    proposer: PROPOSER,
    seller: SELLER,
    awaiting: 'seller',
    payer: null,
    acceptedAt: null,
    payBy: null,
    paidAt: null,
    orders: null,
    closedReason: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

/** A proposer's listing as GET /user/{username}/items/listed answers it (with issue 28's tradePending). */
export function makeListing(index: number, overrides: Partial<TradeListing> = {}): TradeListing {
  return makeItem(index, { _id: `00000000-0000-4000-8000-00000000000${index}`, name: `Listing ${index}`, ...overrides });
}

/** An ISO time `ms` from now. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
export const HOUR = 60 * 60 * 1000;
