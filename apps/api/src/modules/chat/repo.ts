import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGE_PAGE_SIZE, type EmailPreferences, type ScamWarning } from '@keeb/shared';
import { isoFromJson, jsonRows, type Database, type Queryable, type Tx } from '../../db/client';
import { descNullsLast } from '../../db/order';
import { conversationParticipants, conversations, items, messages, redditLinks, users } from '../../db/schema/index';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** The pair as stored: ordered, so (a, b) and (b, a) name the same row. */
export const orderedPair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

/** Whether `userId` is one of the conversation's two participants (the route table's check; a prepared statement). */
export async function isParticipant(db: Database, conversationId: string, userId: string): Promise<boolean> {
  const rows = await jsonRows(
    db,
    { sql: 'select json_build_array(1)::text from conversations where id = $1::uuid and $2::uuid in (user_a, user_b)', params: [conversationId, userId] },
    'chat_is_participant',
    'generic',
  );
  return rows.length > 0;
}

export interface SendContext {
  senderName: string;
  senderRemoved: boolean;
  /** The conversation asked for, when the sender takes part in it. */
  conversationId: string | null;
  recipientId: string | null;
  recipientRemoved: boolean;
  recipientPrefs: EmailPreferences | null;
  /** The mail window already queued for the recipient in this conversation (see conversation_participants.mail_window). */
  recipientMailWindow: number | null;
}

/**
 * What a send needs to know before its transaction, in one prepared statement: the sender, the conversation (only
 * if the sender takes part in it) and the recipient (its other participant, or `toUserId` for a first message).
 * Undefined when the sender does not exist.
 */
export async function sendContext(db: Database, senderId: string, conversationId: string | null, toUserId: string | null): Promise<SendContext | undefined> {
  const [values] = await jsonRows(
    db,
    {
      sql: `select json_build_array(s.username, s.removed_at is not null, c.id, r.id, r.removed_at is not null, r.email_preferences, rp.mail_window)::text
            from users s
            left join conversations c on c.id = $2::uuid and s.id in (c.user_a, c.user_b)
            left join users r on r.id = case when c.id is null then $3::uuid when c.user_a = s.id then c.user_b else c.user_a end
            left join conversation_participants rp on rp.conversation_id = c.id and rp.user_id = r.id
            where s.id = $1::uuid`,
      params: [senderId, conversationId, toUserId],
    },
    'chat_send_context',
    'generic',
  );
  if (!values) return undefined;
  const [senderName, senderRemoved, foundConversation, recipientId, recipientRemoved, recipientPrefs, recipientMailWindow] = values as [
    string, boolean, string | null, string | null, boolean, EmailPreferences | null, number | null,
  ];
  return { senderName, senderRemoved, conversationId: foundConversation, recipientId, recipientRemoved, recipientPrefs, recipientMailWindow };
}

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

export async function messageByClientId(db: Queryable, conversationId: string, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

export interface NewMessage {
  conversationId: string;
  senderId: string;
  recipientId: string;
  itemId: string | null;
  body: string;
  clientId: string | null;
  warning: ScamWarning | null;
  /** The mail window to record as queued for the recipient (the caller queues its job in the same transaction), or null. */
  mailWindow: number | null;
  /** A notice the product posts for an order (messages.notice); absent for what a user wrote. */
  notice?: MessageNotice | null;
}

export type MessageNotice = NonNullable<MessageRow['notice']>;

/**
 * Stores a message in one statement: the conversation locked (one send at a time per conversation; stamped after
 * the lock, messages are in commit order, so the last message and the history agree and a page read between two
 * sends never misses one stamped earlier), the message inserted, the conversation's last message and both
 * participants' rows updated (the recipient's created with the first message, its unread count incremented,
 * Rocket.Chat's way). Undefined when the sender's client id is already stored in the conversation (a retry).
 * `alreadyCounted`: the conversation was already in the recipient's numNewMessages (unread and changed since they
 * last opened Chats), so the message does not move their badge and needs no counts push. Read in the statement's
 * snapshot: a read by the recipient racing the send can leave their badge one behind until the next push.
 * On its own it is a transaction of one statement: one round trip where BEGIN, five statements and COMMIT were seven.
 * Reply speed (issue 26's 'usually replies within') is kept in the same upsert: the recipient's first_received_at
 * is set by the first message reaching them before they wrote here, the sender's first_replied_at by their first
 * message after that; notices posted for an order count for neither. The existence checks read the statement's
 * snapshot, so two first messages crossing each other may both count as received; the conflict updates read the
 * rows' latest versions, so neither time is ever overwritten.
 */
export async function storeMessage(db: Queryable, m: NewMessage): Promise<{ message: MessageRow; alreadyCounted: boolean } | undefined> {
  const result = (await db.execute(sql`
    with locked as (
      select id from ${conversations} where id = ${m.conversationId} for update
    ), counted as (
      select p.unread > 0 and p.last_modified > u.messages_seen_at as yes
      from ${conversationParticipants} p join ${users} u on u.id = p.user_id
      where p.conversation_id = ${m.conversationId} and p.user_id = ${m.recipientId}
    ), ins as (
      insert into ${messages} (conversation_id, sender_id, item_id, body, client_id, warning, notice, created_at)
      select id, ${m.senderId}, ${m.itemId}, ${m.body}, ${m.clientId}, ${m.warning === null ? null : JSON.stringify(m.warning)}::jsonb,
             ${m.notice ? JSON.stringify(m.notice) : null}::jsonb, clock_timestamp()
      from locked
      on conflict (conversation_id, sender_id, client_id) do nothing
      returning *
    ), last as (
      update ${conversations} c
      set last_message_id = ins.id, last_message = ins.body, last_sender_id = ins.sender_id, last_warning = ins.warning, last_modified = ins.created_at
      from ins where c.id = ins.conversation_id
    ), sides as (
      insert into ${conversationParticipants} (conversation_id, user_id, other_user_id, last_modified, unread, mail_window, first_received_at, first_replied_at)
      select ins.conversation_id, p.user_id, p.other_id, ins.created_at, p.unread, p.mail_window,
             -- Reply speed (issue 26): the recipient's first receipt, when they have not written here yet ...
             case when not p.sender and ins.notice is null
                       and not exists (select 1 from ${messages} w where w.conversation_id = ins.conversation_id and w.sender_id = p.user_id and w.notice is null)
                  then ins.created_at end,
             -- ... and the sender's first reply after one (kept below only while their row has none).
             case when p.sender and ins.notice is null
                       and exists (select 1 from ${conversationParticipants} r where r.conversation_id = ins.conversation_id and r.user_id = p.user_id and r.first_received_at is not null)
                  then ins.created_at end
      from ins cross join (values (${m.senderId}::uuid, ${m.recipientId}::uuid, 0, null::integer, true),
                                  (${m.recipientId}::uuid, ${m.senderId}::uuid, 1, ${m.mailWindow}::integer, false)) p(user_id, other_id, unread, mail_window, sender)
      on conflict (conversation_id, user_id) do update
      set last_modified = excluded.last_modified,
          unread = ${conversationParticipants}.unread + excluded.unread,
          mail_window = coalesce(excluded.mail_window, ${conversationParticipants}.mail_window),
          first_received_at = coalesce(${conversationParticipants}.first_received_at, excluded.first_received_at),
          first_replied_at = coalesce(${conversationParticipants}.first_replied_at,
                                      case when ${conversationParticipants}.first_received_at is not null then excluded.first_replied_at end)
    )
    select json_build_array(id, conversation_id, sender_id, item_id, body, client_id, warning, created_at,
                            coalesce((select yes from counted), false), notice)::text as row from ins`)) as unknown as {
    rows: Array<{ row: string }>;
  };
  const text = result.rows[0]?.row;
  if (!text) return undefined;
  const [id, conversationId, senderId, itemId, body, clientId, warning, createdAt, alreadyCounted, notice] = JSON.parse(text) as [
    string, string, string, string | null, string, string | null, ScamWarning | null, string, boolean, MessageNotice | null,
  ];
  return { message: { id, conversationId, senderId, itemId, body, clientId, warning, notice, createdAt: new Date(isoFromJson(createdAt)) }, alreadyCounted };
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
  lastWarning: conversations.lastWarning,
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
export async function conversationsOf(db: Queryable, userId: string): Promise<ConversationView[]> {
  const rows = await db
    .select({ ...summaryColumns, unread: conversationParticipants.unread })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(users, eq(users.id, conversationParticipants.otherUserId))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(eq(conversationParticipants.userId, userId))
    .orderBy(descNullsLast(conversationParticipants.lastModified), conversationParticipants.conversationId)
    .limit(CONVERSATION_LIST_MAX);
  return rows.map((r) => ({
    ...r,
    lastModified: r.lastModified.toISOString(),
    otherRemoved: r.otherRemovedAt !== null,
    otherReddit: r.otherReddit !== null,
  }));
}

/** A conversation as one participant sees it: the other participant, and the viewer's unread count. */
export interface ConversationView {
  id: string;
  userA: string;
  userB: string;
  lastMessage: string;
  lastSenderId: string | null;
  /** ISO time. */
  lastModified: string;
  lastWarning: ScamWarning | null;
  otherId: string;
  otherUsername: string;
  otherAvatar: string | null;
  otherRemoved: boolean;
  otherReddit: boolean;
  unread: number;
}

/**
 * Opening a page of a conversation, in one prepared statement and one snapshot ($1 conversation, $2 viewer, and for
 * an older page $3 and $4, the (created_at, id) the page ends before): the conversation if the viewer takes part
 * (no row otherwise), the other participant, MESSAGE_PAGE_SIZE + 1 messages newest first from messages_history_idx
 * (the extra one says older ones exist), and the viewer's unread state reset. The reset subtracts what this
 * snapshot counted, so a message committed meanwhile (not on this page) stays unread rather than read unseen.
 * One round trip instead of five (participant, mark read, page, conversation, other user): a history page's
 * time on two cores was mostly round trips and query building.
 */
// `desc nulls last` as messages_history_idx is declared (db/order.ts): a plain `desc` is NULLS FIRST, which that
// index cannot give, and the newest page then read all of a conversation's messages and sorted them.
const historyPageSql = (older: boolean) => `
with c as (
  select c.*, case when c.user_a = $2::uuid then c.user_b else c.user_a end as other_id
  from conversations c where c.id = $1::uuid and $2::uuid in (c.user_a, c.user_b)
), mine as (
  select p.unread from conversation_participants p where p.conversation_id = $1::uuid and p.user_id = $2::uuid
), r as (
  update conversation_participants p
  set unread = greatest(p.unread - mine.unread, 0), last_read_at = now(), last_read_message_id = c.last_message_id
  from c, mine
  where p.conversation_id = c.id and p.user_id = $2::uuid and mine.unread > 0
  returning 1
)
select json_build_array(
  c.user_a, c.user_b, c.last_message, c.last_sender_id, c.last_modified, c.last_warning,
  u.id, u.username, u.avatar, u.removed_at is not null, exists (select 1 from reddit_links l where l.user_id = u.id),
  exists (select 1 from r),
  (select json_agg(json_build_array(m.id, m.sender_id, s.username, s.removed_at is not null, m.item_id, m.body, m.client_id, m.created_at, m.warning, m.notice)
                   order by m.created_at desc, m.id desc)
   from (select * from messages m
         where m.conversation_id = c.id${older ? ' and (m.created_at, m.id) < ($3::timestamptz, $4::uuid)' : ''}
         order by m.created_at desc nulls last, m.id desc nulls last limit ${MESSAGE_PAGE_SIZE + 1}) m
   join users s on s.id = m.sender_id)
)::text
from c join users u on u.id = c.other_id`;
const HISTORY_NEWEST_SQL = historyPageSql(false);
const HISTORY_OLDER_SQL = historyPageSql(true);

export interface PageMessage {
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  senderRemoved: boolean;
  itemId: string | null;
  body: string;
  clientId: string | null;
  createdAt: string;
  warning: ScamWarning | null;
  notice: MessageNotice | null;
}

export interface HistoryPage {
  /** As the viewer sees it after the page: read (unread 0). */
  conversation: ConversationView;
  /** Whether the viewer had unread messages here (their counts changed). */
  markedRead: boolean;
  /** Newest first, up to MESSAGE_PAGE_SIZE + 1. */
  messages: PageMessage[];
}

type PageRowValues = [string, string, string, string | null, string, ScamWarning | null, string, string, string | null, boolean, boolean, boolean, MessageValues[] | null];
type MessageValues = [string, string, string, boolean, string | null, string, string | null, string, ScamWarning | null, MessageNotice | null];

/** A page of the conversation for a participant (see historyPageSql), or undefined when they are not one. */
export async function historyPage(db: Database, conversationId: string, viewerId: string, before?: { createdAt: string; id: string }): Promise<HistoryPage | undefined> {
  const [values] = before
    ? await jsonRows(db, { sql: HISTORY_OLDER_SQL, params: [conversationId, viewerId, before.createdAt, before.id] }, 'chat_history_older', 'generic')
    : await jsonRows(db, { sql: HISTORY_NEWEST_SQL, params: [conversationId, viewerId] }, 'chat_history_newest', 'generic');
  if (!values) return undefined;
  const [userA, userB, lastMessage, lastSenderId, lastModified, lastWarning, otherId, otherUsername, otherAvatar, otherRemoved, otherReddit, markedRead, messageValues] =
    values as PageRowValues;
  return {
    conversation: { id: conversationId, userA, userB, lastMessage, lastSenderId, lastModified: isoFromJson(lastModified), lastWarning, otherId, otherUsername, otherAvatar, otherRemoved, otherReddit, unread: 0 },
    markedRead,
    messages: (messageValues ?? []).map(([id, senderId, senderName, senderRemoved, itemId, body, clientId, createdAt, warning, notice]) => ({
      id, conversationId, senderId, senderName, senderRemoved, itemId, body, clientId, createdAt: isoFromJson(createdAt), warning, notice,
    })),
  };
}

/** numNewMessages of the user `u` in a statement over users u (conversation_participants_unread_idx, usually empty). */
export const NEW_MESSAGES_OF_U = `(select count(*) from conversation_participants p where p.user_id = u.id and p.unread > 0 and p.last_modified > u.messages_seen_at)`;

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

