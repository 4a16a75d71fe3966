import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ScamWarning } from '@keeb/shared';
import { users } from './accounts';
import { items } from './items';

/**
 * A conversation between two users (issue 14). The pair is stored ordered (user_a < user_b) under a unique index,
 * so "open or find" is one lookup and two racing opens make one row. The last message is copied here so the list
 * needs no scan of messages.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id),
    lastMessageId: uuid('last_message_id').references((): AnyPgColumn => messages.id),
    lastMessage: text('last_message').notNull().default(''),
    lastSenderId: uuid('last_sender_id').references(() => users.id),
    /** The last message's scam warning (a copy, like last_message), for the list. */
    lastWarning: jsonb('last_warning').$type<ScamWarning>(),
    lastModified: timestamp('last_modified', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [check('conversations_pair_ordered', sql`${t.userA} < ${t.userB}`), uniqueIndex('conversations_pair_key').on(t.userA, t.userB)],
);

/**
 * Each participant's side of a conversation: the list's sort key (a copy of the conversation's last change) and
 * the unread state (Rocket.Chat's subscription row). A row exists for a user once the conversation is theirs to
 * list: the opener's at once, the other's with the first message, so an opened but empty conversation does not
 * show up in the other user's Chats. `unread` counts messages from the other user since `last_read_message_id`.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id),
    lastModified: timestamp('last_modified', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    unread: integer('unread').notNull().default(0),
    lastReadMessageId: uuid('last_read_message_id').references((): AnyPgColumn => messages.id),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, precision: 3 }),
    /**
     * The 15-minute window (MESSAGE_MAIL_WINDOW_MS since the epoch) whose new-messages mail job is queued for this
     * participant: a send queues the job only for the first message of a window, and the others are one statement.
     */
    mailWindow: integer('mail_window'),
    /**
     * Reply speed (issue 26's trust panel): when the other user's first message in this conversation arrived, and
     * when this user first answered after it. The median of (replied - received) over 90 days is 'usually replies
     * within'.
     */
    firstReceivedAt: timestamp('first_received_at', { withTimezone: true, precision: 3 }),
    firstRepliedAt: timestamp('first_replied_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    check('conversation_participants_unread_nonnegative', sql`${t.unread} >= 0`),
    // GET /api/me/messages: the user's conversations, newest change first.
    index('conversation_participants_list_idx').on(t.userId, t.lastModified.desc(), t.conversationId),
    // numNewMessages: the user's unread conversations changed since they last opened Chats (usually none).
    index('conversation_participants_unread_idx').on(t.userId, t.lastModified).where(sql`${t.unread} > 0`),
    // Reply speed (the trust panel) from the index alone: both times are in it.
    index('conversation_participants_reply_idx').on(t.userId, t.firstReceivedAt, t.firstRepliedAt).where(sql`${t.firstRepliedAt} is not null`),
  ],
);

/**
 * Messages. The sender's client id (the retry key) is unique per conversation and sender, so a retried send
 * stores nothing twice. History pages are read newest first by (created_at, id) from one index.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references((): AnyPgColumn => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id').references(() => items.id),
    body: text('body').notNull(),
    clientId: text('client_id'),
    /**
     * The scam signal found when the message was sent (null: none). Stored rather than worked out on every read:
     * about 25 µs a message, 15 a page: a seventh of a history page's CPU. Improved rules apply to new messages.
     */
    warning: jsonb('warning').$type<ScamWarning>(),
    /**
     * A notice the product posts into the conversation on an order's behalf (issue 26: a problem reported on an
     * order between these two), shown as a notice rather than a message; null for what a user wrote.
     */
    notice: jsonb('notice').$type<{ kind: string; orderId: string; [key: string]: unknown }>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_client_id_key').on(t.conversationId, t.senderId, t.clientId),
    index('messages_history_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
  ],
);
