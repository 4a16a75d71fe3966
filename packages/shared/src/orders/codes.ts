/** Order error codes the API answers in `message` (issue 26); the web maps them to texts (orders messages). */
export const ORDER_ERRORS = {
  notFound: 'not_found',
  /** The call is not this user's side to make (a buyer shipping, a seller confirming). */
  forbidden: 'forbidden',
  /** The order is not in a state this call applies to (already shipped, received, refunded...). */
  invalidState: 'invalid_state',
  /** A problem before shipping may be reported only once the 72 hours to ship have passed. */
  tooEarly: 'too_early',
  /**
   * Issue 36: receipt is confirmed once the parcel has left (marked shipped); before that there is nothing to
   * have received, and a confirmed trade needs a parcel.
   */
  notShipped: 'not_shipped',
  /** Issue 36: the order already has an address to ship to (PUT /api/order/{id}/ship-to fills a missing one only). */
  shipToSet: 'ship_to_set',
  /** Issue 36: the order has no address to ship to yet (the buyer is asked for one); it cannot be marked shipped. */
  noShipTo: 'no_ship_to',
  /** Address fields: which one is wrong is in `field`. */
  address: 'invalid_address',
  postalCode: 'invalid_postal_code',
  trackingNumber: 'invalid_tracking_number',
  problemReason: 'invalid_reason',
  problemDetails: 'invalid_details',
} as const;

/** Hours the seller has to ship after payment (the community's rule); reminded at 48, 'Late' past 72. */
export const SHIP_WITHIN_HOURS = 72;
export const SHIP_REMINDER_HOURS = 48;
/** Days after shipping an order is confirmed received on its own; the buyer is reminded at 10. */
export const AUTO_RECEIVE_DAYS = 14;
export const RECEIVE_REMINDER_DAYS = 10;
/** Days after an order closes (received or refunded) that its address stays visible to the seller. */
export const ADDRESS_VISIBLE_DAYS = 90;
/** 'Ships on time' is shown from this many orders on. */
export const ON_TIME_MIN_ORDERS = 3;
/** Orders (and open problems) a page of GET /api/me/orders and /api/admin/problems holds; a full page means more may follow. */
export const ORDERS_PAGE_SIZE = 20;
