/**
 * Issue 36: the address of one row of /me/offers, for mails and notices: the tab it is on and its id. The page
 * opens that tab and brings the row into view ('Pay now' had opened Received, which said 'No Offers').
 * received: an offer on one's listing; sent: one's own offer; trades: a trade either side.
 */
export type OffersTab = 'received' | 'sent' | 'trades';

/** The query parameter naming the row (an offer's or a trade's id); ?tab names the tab. */
export const OFFERS_ITEM_PARAM = 'item';

export const offersRowPath = (tab: OffersTab, id: string) => `/me/offers?tab=${tab}&${OFFERS_ITEM_PARAM}=${encodeURIComponent(id)}`;
