import type { NotificationCounts } from '../accounts/schemas';
import type { ChatMessage, SendMessageAck, SendMessageInput } from '../chat/schemas';

/**
 * The realtime channel (socket.io at /socket.io), spec part 1 "The calls it makes" and part 2 section 7: the client
 * sends `sendMessage` and receives `msg`. Counters are pushed as `counts` whenever numNewOffers or numNewMessages
 * changes for the user.
 */

/** `msg`: a stored message, to both participants' rooms (the sender's tabs replace 'Sending...' by clientId). */
export interface MessageNotification {
  /** The text (spec: msg). */
  msg: string;
  from: { id: string; username: string };
  conversationId: string;
  /** The whole message, as the history answers it. */
  message: ChatMessage;
}

/**
 * `reminder`: to the sender, once ever, when a message they sent asks for payment outside checkout or moves the talk
 * off the site: payment goes through checkout (the help topic at helpPath says how).
 */
export interface CheckoutReminder {
  helpPath: string;
}

/**
 * `wantMatch`: to the want's owner when a listing going on sale matches it (issue 16); the tab shows the corner
 * notification 'New match for {label}'.
 */
export interface WantMatchNotification {
  wantId: string;
  /** The want's label (wantLabel). */
  label: string;
  item: { _id: string; name: string; price: number; thumbnail: string };
}

/**
 * `orderUpdate`: to the side of an order that has something new (issue 26): shipped (buyer), received or a problem
 * (seller), a reminder (the side that owes an action), 'Late' (both). The tab shows `text` as a corner notification
 * linking to /me/orders/{orderId}; the counts move with a `counts` push of their own.
 */
export interface OrderNotification {
  orderId: string;
  item: { _id: string; name: string; thumbnail: string };
  status: 'paid' | 'shipped' | 'received' | 'problem' | 'refunded';
  /** What happened, ready to show, e.g. 'Your order of GMK Olivia has shipped.' */
  text: string;
}

/**
 * `savedItemUpdate` (issue 29): to the savers of an item when its price drops (at most once a day per item), when its
 * seller sends them an offer to savers, or when that offer is gone (someone else took it). The tab shows `text` as
 * a corner notification linking to `path` (the item, or /me/saved for offers).
 */
export interface SavedItemNotification {
  kind: 'priceDrop' | 'saverOffer' | 'saverOfferGone';
  item: { _id: string; name: string; thumbnail: string; price: number };
  /** The offer to savers (kinds saverOffer and saverOfferGone). */
  saverOfferId?: string;
  /** Ready to show, e.g. 'Price dropped from $120 to $99: GMK Olivia'. */
  text: string;
  path: string;
}

export interface ServerToClientEvents {
  msg: (notification: MessageNotification) => void;
  counts: (counts: NotificationCounts) => void;
  reminder: (reminder: CheckoutReminder) => void;
  wantMatch: (match: WantMatchNotification) => void;
  orderUpdate: (update: OrderNotification) => void;
  savedItemUpdate: (update: SavedItemNotification) => void;
}

export interface ClientToServerEvents {
  sendMessage: (input: SendMessageInput, ack: (result: SendMessageAck) => void) => void;
}
