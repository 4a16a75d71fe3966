import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { descNullsLast } from '../../db/order';
import { conversationParticipants, conversations, items, messages, redditLinks, users } from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The pair as stored: ordered, so (a, b) and (b, a) name the same row. */
export const orderedPair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

export async function findConversation(db: Queryable, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** The conversation of two users, created if they have none (two racing opens make one row). */
export async function openConversation(tx: Tx, x: string, y: string): Promise<ConversationRow> {
  const [userA, userB] = orderedPair(x, y);
  const [created] = await tx.insert(conversations).values({ userA, userB }).onConflictDoNothing().returning();
  if (created) return created;
  const [found] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)));
  if (!found) throw new Error('conversation neither inserted nor found');
  return found;
}

/** Lists the conversation for `userId` (no change when it is already listed). */
export async function listFor(tx: Tx, conversationId: string, userId: string, otherUserId: string) {
  await tx.insert(conversationParticipants).values({ conversationId, userId, otherUserId }).onConflictDoNothing();
}

export async function userState(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email, prefs: users.emailPreferences, removedAt: users.removedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Marks the user reminded that payment goes through checkout; true only the first time (the reminder is shown once). */
export async function markCheckoutReminded(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ checkoutRemindedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.checkoutRemindedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function itemExists(db: Queryable, itemId: string) {
  const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
  return Boolean(row);
}

/** Inserts a message; undefined when the sender's client id is already stored in this conversation (a retry). */
export async function insertMessage(tx: Tx, values: typeof messages.$inferInsert) {
  const [row] = await tx.insert(messages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function messageByClientId(db: Queryable, conversationId: string, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/**
 * After a message: the conversation's last message, and both participants' rows in one statement (the recipient's
 * created with the first message, its unread count incremented, Rocket.Chat's way).
 */
export async function recordLast(tx: Tx, message: MessageRow, recipientId: string) {
  await tx
    .update(conversations)
    .set({ lastMessageId: message.id, lastMessage: message.body, lastSenderId: message.senderId, lastModified: message.createdAt })
    .where(eq(conversations.id, message.conversationId));
  await tx
    .insert(conversationParticipants)
    .values([
      { conversationId: message.conversationId, userId: message.senderId, otherUserId: recipientId, lastModified: message.createdAt, unread: 0 },
      { conversationId: message.conversationId, userId: recipientId, otherUserId: message.senderId, lastModified: message.createdAt, unread: 1 },
    ])
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      set: { lastModified: sql`excluded.last_modified`, unread: sql`${conversationParticipants.unread} + excluded.unread` },
    });
}

/**
 * Marks the conversation read for `userId` up to its last message. Writes only when something was unread; answers
 * whether it did (the user's counts changed).
 */
export async function markRead(db: Queryable, conversationId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(conversationParticipants)
    .set({
      unread: 0,
      lastReadAt: sql`now()`,
      lastReadMessageId: sql`(select ${conversations.lastMessageId} from ${conversations} where ${conversations.id} = ${conversationId})`,
    })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId), gt(conversationParticipants.unread, 0)))
    .returning({ id: conversationParticipants.conversationId });
  return rows.length > 0;
}

export async function unreadOf(db: Queryable, conversationId: string, userId: string) {
  const [row] = await db
    .select({ unread: conversationParticipants.unread, lastReadAt: conversationParticipants.lastReadAt })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
  return row;
}

/** What a conversation row shows about the other participant (and the viewer's side of it). */
const summaryColumns = {
  id: conversations.id,
  userA: conversations.userA,
  userB: conversations.userB,
  lastMessage: conversations.lastMessage,
  lastSenderId: conversations.lastSenderId,
  lastModified: conversations.lastModified,
  otherId: users.id,
  otherUsername: users.username,
  otherAvatar: users.avatar,
  otherRemovedAt: users.removedAt,
  otherReddit: redditLinks.userId,
};

/** The most conversations the list answers (the spec's list has no pages; a trader with more sees the newest). */
export const CONVERSATION_LIST_MAX = 500;

/** The user's listed conversations, newest change first (conversation_participants_list_idx). */
export function conversationsOf(db: Queryable, userId: string) {
  return db
    .select({ ...summaryColumns, unread: conversationParticipants.unread })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(users, eq(users.id, conversationParticipants.otherUserId))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(eq(conversationParticipants.userId, userId))
    .orderBy(descNullsLast(conversationParticipants.lastModified), conversationParticipants.conversationId)
    .limit(CONVERSATION_LIST_MAX);
}

/** One conversation as the viewer sees it (unread 0 when it is not listed for them yet). */
export async function conversationFor(db: Queryable, conversationId: string, viewerId: string, otherId: string) {
  const [row] = await db
    .select({ ...summaryColumns, unread: sql<number>`coalesce(${conversationParticipants.unread}, 0)` })
    .from(conversations)
    .innerJoin(users, eq(users.id, otherId))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .leftJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, viewerId)))
    .where(eq(conversations.id, conversationId));
  return row;
}
export type SummaryRow = NonNullable<Awaited<ReturnType<typeof conversationFor>>>;

/**
 * A page of history, newest first: MESSAGE_PAGE_SIZE + 1 rows (the extra one says older messages exist), before
 * the (created_at, id) of `before` when given. The row comparison reads messages_history_idx backwards from there.
 */
export function historyPage(db: Queryable, conversationId: string, before?: { createdAt: string; id: string }) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      senderName: users.username,
      senderRemovedAt: users.removedAt,
      itemId: messages.itemId,
      body: messages.body,
      clientId: messages.clientId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(descNullsLast(messages.createdAt), descNullsLast(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
}

/** numNewMessages: conversations with unread messages changed since the user last opened Chats (one index range). */
export async function newMessagesCount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        gt(conversationParticipants.unread, 0),
        sql`${conversationParticipants.lastModified} > (select ${users.messagesSeenAt} from ${users} where ${users.id} = ${userId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Opening Chats resets the count; answers whether it was above zero (writes nothing otherwise). */
export async function markMessagesSeen(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ messagesSeenAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${conversationParticipants} where ${conversationParticipants.userId} = ${userId} and ${conversationParticipants.unread} > 0 and ${conversationParticipants.lastModified} > ${users.messagesSeenAt})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The last messages of a conversation, oldest first, for a report to the team. */
export async function lastMessages(db: Queryable, conversationId: string, n: number) {
  const rows = await db
    .select({ sender: users.username, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.conversationId, conversationId))
    .orderBy(descNullsLast(messages.createdAt), descNullsLast(messages.id))
    .limit(n);
  return rows.reverse();
}

