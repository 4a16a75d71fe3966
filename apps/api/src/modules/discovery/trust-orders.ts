import { conversationParticipants, conversations, orderProblems, orders, purchases } from '../../db/schema/index';
import type { Database } from '../../db/client';
import { orderedPair } from '../chat/repo';
import { createItem } from '../../test/factories';

/**
 * Test rows standing for what the orders module makes (issue 26): a sold listing, its captured (or refunded)
 * purchase and its order in the state asked for. For the trust panel's tests only.
 */
const HOUR = 3_600_000;
export const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

export interface OrderState {
  status: 'paid' | 'shipped' | 'received' | 'problem' | 'refunded';
  paidAt?: Date;
  shippedAt?: Date | null;
  /**
   * When it was received: by default its payment's time when never shipped (a sale from before orders, backfilled
   * as received at its sale), else now.
   */
  receivedAt?: Date;
  /** Shipped with this tracking number: by default one, when shipped (null: shipped without tracking). */
  trackingNumber?: string | null;
}

export async function insertOrder(db: Database, sellerId: string, buyerId: string, state: OrderState) {
  const paidAt = state.paidAt ?? hoursAgo(24);
  const shipBy = new Date(paidAt.getTime() + 72 * HOUR);
  const final = state.status === 'received' || state.status === 'refunded';
  const item = await createItem(db, sellerId, { purchaserId: buyerId, priceSoldCents: 10_000, soldAt: paidAt });
  const [purchase] = await db
    .insert(purchases)
    .values({
      itemId: item.id, buyerId, sellerId, itemCents: 10_000, shippingCents: 1_000, regionCode: 'US', payeeEmail: 'seller@example.test',
      provider: 'local', status: state.status === 'refunded' ? 'refunded' : 'captured', lockedUntil: paidAt, capturedAt: paidAt,
    })
    .returning({ id: purchases.id });
  const [order] = await db
    .insert(orders)
    .values({
      id: purchase!.id, itemId: item.id, buyerId, sellerId, status: state.status, paidAt, shipBy,
      shippedAt: state.shippedAt ?? null,
      trackingNumber: state.shippedAt ? (state.trackingNumber === undefined ? '1Z999AA10123456784' : state.trackingNumber) : null,
      receivedAt: state.status === 'received' ? (state.receivedAt ?? (state.shippedAt ? new Date() : paidAt)) : null,
      refundedAt: state.status === 'refunded' ? new Date() : null,
      closedAt: final ? new Date() : null,
    })
    .returning();
  return order!;
}

export async function openProblem(db: Database, orderId: string, buyerId: string, resolved = false) {
  await db.insert(orderProblems).values({
    orderId, reason: 'not_received', openedBy: buyerId,
    ...(resolved ? { resolvedAt: new Date(), resolution: 'resolved' as const, resolvedBy: buyerId } : {}),
  });
}

/** `userId`'s side of a conversation with `otherId` in which they received a first message and replied (or not). */
export async function replied(db: Database, userId: string, otherId: string, receivedAt: Date, repliedAt: Date | null) {
  const [userA, userB] = orderedPair(userId, otherId);
  const [conversation] = await db.insert(conversations).values({ userA, userB }).returning({ id: conversations.id });
  await db.insert(conversationParticipants).values({ conversationId: conversation!.id, userId, otherUserId: otherId, firstReceivedAt: receivedAt, firstRepliedAt: repliedAt });
}
