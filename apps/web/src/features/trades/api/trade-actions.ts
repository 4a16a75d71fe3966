import type { PaymentRedirect, Trade, TradeCounterInput, TradeInput } from '@keeb/shared';
import { api } from '../../../lib/api';

const tradePath = (id: string) => `/trade/${encodeURIComponent(id)}`;

/** The terms as the forms send them; the server parses them with TradeInputSchema / TradeCounterInputSchema. */
export type TradeTerms = Pick<TradeInput, 'cashToSeller' | 'cashToBuyer' | 'message'> & { offeredItemIds: string[] };

/** POST /trade: a proposal on `itemId`. */
export async function proposeTrade(itemId: string, terms: TradeTerms): Promise<Trade> {
  const { data } = await api.post<Trade>('/trade', { itemId, ...terms });
  return data;
}

/** The calls behind the Trades tab's buttons; each answers the trade as it is now. */
export const tradeActions = {
  accept: (id: string) => api.post<Trade>(`${tradePath(id)}/accept`),
  decline: (id: string) => api.post<Trade>(`${tradePath(id)}/decline`),
  cancel: (id: string) => api.post<Trade>(`${tradePath(id)}/cancel`),
  extend: (id: string) => api.post<Trade>(`${tradePath(id)}/extend`),
  counter: (id: string, terms: TradeCounterInput) => api.post<Trade>(`${tradePath(id)}/counter`, terms),
};

/** POST /trade/{id}/pay: the payer's cash part at the provider; answers where the browser goes. */
export async function payTrade(id: string): Promise<string> {
  const { data } = await api.post<PaymentRedirect>(`${tradePath(id)}/pay`);
  return data.redirectUrl;
}
