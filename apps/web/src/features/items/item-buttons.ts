import type { ItemDetail } from '@keeb/shared';

export type ItemButton =
  | 'purchase'
  | 'offer'
  | 'resumePayment'
  | 'cancelCheckout'
  | 'payOffer'
  | 'reserved'
  | 'paymentPending'
  | 'noShipping'
  | 'message'
  | 'edit'
  | 'duplicate'
  | 'remove'
  | 'feedback';

export interface ItemButtonContext {
  item: Pick<
    ItemDetail,
    'isFixedPrice' | 'offersAccepted' | 'purchaserId' | 'paymentStatus' | 'isSellerReviewed' | 'shippingPrices' | 'approvalStatus' | 'checkout' | 'viewerOffer' | 'reserved' | 'tradePending'
  >;
  isUserItem: boolean;
  /** The signed-in viewer's id; undefined for a visitor. */
  viewerId: string | undefined;
  /** The viewer's shipping region code; undefined or null when unknown (a visitor, not loaded, none chosen). */
  viewerRegion: string | null | undefined;
}

/**
 * Spec part 1 section 4, 'Item detail buttons', in display order. Buying and offering also need the listing to
 * be approved (a pending or rejected listing is not on sale), and a pending payment shows 'Payment Pending'
 * to everyone but the seller and the buyer holding it, who may resume or cancel it (issue 25). A buyer whose offer
 * was accepted or countered pays that price (Pay Now), never the listing's; while an accepted offer reserves the
 * item for someone else, Purchase (which the server would refuse) reads 'Reserved'. While an accepted trade holds
 * the item (issue 28) it is as good as sold: nobody may buy it or offer on it, and its seller may neither edit nor
 * remove what the other side agreed to take (the page says 'Trade pending').
 */
export function itemButtons({ item, isUserItem, viewerId, viewerRegion }: ItemButtonContext): ItemButton[] {
  const buttons: ItemButton[] = [];
  const purchased = item.purchaserId !== null;
  const paymentNone = item.paymentStatus === 'none';
  const shipsToViewer = !viewerRegion || item.shippingPrices.some((shipping) => shipping.code === viewerRegion);

  const held = item.tradePending === true;

  if (!isUserItem && !purchased && !held && item.approvalStatus === 'approved') {
    if (item.checkout) buttons.push('resumePayment', 'cancelCheckout');
    else if (!paymentNone) buttons.push('paymentPending');
    else if (item.viewerOffer) buttons.push('payOffer');
    else if (!shipsToViewer) buttons.push('noShipping');
    else {
      if (item.reserved) buttons.push('reserved');
      else if (item.isFixedPrice) buttons.push('purchase');
      if (item.offersAccepted) buttons.push('offer');
    }
  }
  if (!isUserItem) buttons.push('message');
  if (isUserItem && !purchased && !held && paymentNone) buttons.push('edit');
  if (isUserItem) buttons.push('duplicate');
  if (isUserItem && !held && paymentNone) buttons.push('remove');
  if (viewerId !== undefined && item.purchaserId === viewerId && !item.isSellerReviewed) buttons.push('feedback');
  return buttons;
}
