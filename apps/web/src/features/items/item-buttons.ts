import type { ItemDetail } from '@keeb/shared';

export type ItemButton =
  | 'purchase'
  | 'offer'
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
    'isFixedPrice' | 'offersAccepted' | 'purchaserId' | 'paymentStatus' | 'isSellerReviewed' | 'shippingPrices' | 'approvalStatus'
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
 * to everyone but the seller.
 */
export function itemButtons({ item, isUserItem, viewerId, viewerRegion }: ItemButtonContext): ItemButton[] {
  const buttons: ItemButton[] = [];
  const purchased = item.purchaserId !== null;
  const paymentNone = item.paymentStatus === 'none';
  const shipsToViewer = !viewerRegion || item.shippingPrices.some((shipping) => shipping.code === viewerRegion);

  if (!isUserItem && !purchased && item.approvalStatus === 'approved') {
    if (!paymentNone) buttons.push('paymentPending');
    else if (!shipsToViewer) buttons.push('noShipping');
    else {
      if (item.isFixedPrice) buttons.push('purchase');
      if (item.offersAccepted) buttons.push('offer');
    }
  }
  if (!isUserItem) buttons.push('message');
  if (isUserItem && !purchased && paymentNone) buttons.push('edit');
  if (isUserItem) buttons.push('duplicate');
  if (isUserItem && paymentNone) buttons.push('remove');
  if (viewerId !== undefined && item.purchaserId === viewerId && !item.isSellerReviewed) buttons.push('feedback');
  return buttons;
}
