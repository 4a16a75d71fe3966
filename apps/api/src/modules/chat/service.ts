import { randomUUID } from 'node:crypto';
import {
  CHAT_ERRORS,
  ERROR_CODES,
  isCursorInstant,
  MESSAGE_MAIL_WINDOW_MS,
  MESSAGE_PAGE_SIZE,
  type ChatMessage,
  type ChatUser,
  type ConversationSummary,
  type MessagePage,
  detectScamSignal,
  SCAM_HELP_PAYMENT_PATH,
  type SendMessageInputSchema,
} from '@keeb/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database, Queryable, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { queueMail } from '../../adapters/mail/mail-queue';
import { consume, type RateLimits } from '../../platform/rate-limit';
import type { RealtimeHub } from '../../realtime/hub';
import { isUuid } from '../../platform/ids';
import * as mails from './mail-templates';
import * as repo from './repo';

/**
 * Messages per user per minute: a quick typist sends a few; a script pasting into every conversation is held.
 * Bursts up to the whole minute's allowance are fine (several short lines in a row).
 */
export const MESSAGES_PER_MINUTE = 30;
/** Reports per user per hour (each one mails the team). */
const REPORTS_PER_HOUR = 10;
/** How many of the last messages a report carries to the team. */
const REPORT_TRANSCRIPT = 20;

const USER_NOT_FOUND = 'User Not Found';
/** How many (conversation, participant) pairs each process keeps (about 100 bytes each). */
const PARTICIPANTS_KEPT = 50_000;

/** lastKey: the (created_at, id) of the oldest message of the page, opaque to the client. */
export const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
export function decodeCursor(key: string): { createdAt: string; id: string } {
  const [at = '', id = ''] = Buffer.from(key, 'base64url').toString('utf8').split('|');
  if (!isUuid(id) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) || !isCursorInstant(at)) throw new AppError(400, ERROR_CODES.invalidCursor);
  return { createdAt: at, id };
}

type SendInput = z.output<typeof SendMessageInputSchema>;

export interface ChatDeps {
  db: Database;
  config: Config;
  jobs: JobQueue;
  limits: RateLimits;
  hub: RealtimeHub;
}

export function createChatService(deps: ChatDeps) {
  const { db, config, jobs, hub } = deps;
  const sendLimit = deps.limits.create({ name: 'chat-send', points: MESSAGES_PER_MINUTE, durationSeconds: 60 });
  const reportLimit = deps.limits.create({ name: 'chat-report', points: REPORTS_PER_HOUR, durationSeconds: 3600 });
  const notFound = () => new AppError(404, CHAT_ERRORS.notFound);

  /**
   * Who takes part in which conversation, as found: a conversation's two users never change and conversations are
   * never deleted, so a yes stays true on every process and needs no invalidation (a no is not kept). Opening a
   * conversation and its older pages then costs one statement after the session, not two. Bounded: the oldest
   * entries go first.
   */
  const participants = new Set<string>();
  const remember = (key: string) => {
    participants.add(key);
    if (participants.size > PARTICIPANTS_KEPT) participants.delete(participants.values().next().value!);
  };

  const chatUser = (r: repo.ConversationView): ChatUser =>
    r.otherRemoved
      ? { id: r.otherId, _id: r.otherId, username: USER_NOT_FOUND, avatar: null, reddit: { isLinked: false } }
      : { id: r.otherId, _id: r.otherId, username: r.otherUsername, avatar: r.otherAvatar, reddit: { isLinked: r.otherReddit } };

  const summary = (r: repo.ConversationView, viewerId: string): ConversationSummary => ({
    _id: r.id,
    conversation_id: r.id,
    participants: [r.userA, r.userB],
    lastMessage: r.lastMessage,
    lastModified: r.lastModified,
    isRead: r.unread === 0,
    from: chatUser(r),
    warning: r.lastSenderId && r.lastSenderId !== viewerId ? r.lastWarning : null,
  });

  const plainMessage = (m: repo.PageMessage): ChatMessage => ({
    _id: m.id,
    conversationId: m.conversationId,
    message: m.body,
    item_id: m.itemId,
    from: { _id: m.senderId, username: m.senderRemoved ? USER_NOT_FOUND : m.senderName },
    ts: m.createdAt,
    clientId: m.clientId,
    warning: m.warning,
  });
  /** A message as answered, with its order notice only when it is one (what users write carries no `notice` key). */
  const chatMessage = (m: repo.PageMessage): ChatMessage => {
    const message = plainMessage(m);
    if (m.notice) message.notice = { kind: m.notice.kind, orderId: m.notice.orderId };
    return message;
  };

  /** The conversation if `userId` is one of its two participants; otherwise the same 404 as a missing one. */
  async function asParticipant(conversationId: string, userId: string) {
    if (!isUuid(conversationId)) throw notFound();
    const conversation = await repo.findConversation(db, conversationId);
    if (!conversation || (conversation.userA !== userId && conversation.userB !== userId)) throw notFound();
    return { conversation, otherId: conversation.userA === userId ? conversation.userB : conversation.userA };
  }

  /** A live account to talk to: not oneself, existing, not removed. */
  async function recipient(senderId: string, userId: string) {
    if (userId === senderId) throw new AppError(400, CHAT_ERRORS.self);
    const user = await repo.userState(db, userId);
    if (!user || user.removedAt) throw new AppError(404, CHAT_ERRORS.recipientGone);
    return user;
  }

  return {
    /** The route table's participant check: the caller when they take part in the conversation, else undefined (404). */
    async participantAs(conversationId: string, userId: string | undefined) {
      if (!userId || !isUuid(conversationId)) return undefined;
      const key = `${conversationId}:${userId}`;
      if (participants.has(key)) return userId;
      if (!(await repo.isParticipant(db, conversationId, userId))) return undefined;
      remember(key);
      return userId;
    },

    /** GET /api/me/messages: newest change first; opening Chats resets the new-messages count. */
    async list(viewerId: string): Promise<ConversationSummary[]> {
      const [rows, reset] = await Promise.all([repo.conversationsOf(db, viewerId), repo.markMessagesSeen(db, viewerId)]);
      if (reset) hub.notifyCounts(viewerId);
      return rows.map((r) => summary(r, viewerId));
    },

    /**
     * POST /api/message/{id}: a page of MESSAGE_PAGE_SIZE messages before lastKey (the newest without), oldest first,
     * in one statement that also marks the conversation read for the viewer (repo.historyPage).
     */
    async page(viewerId: string, conversationId: string, lastKey?: string | null): Promise<MessagePage> {
      const before = lastKey ? decodeCursor(lastKey) : undefined;
      if (!isUuid(conversationId)) throw notFound();
      const found = await repo.historyPage(db, conversationId, viewerId, before);
      if (!found) throw notFound();
      if (found.markedRead) hub.notifyCounts(viewerId);
      const older = found.messages.length > MESSAGE_PAGE_SIZE;
      const page = found.messages.slice(0, MESSAGE_PAGE_SIZE);
      const oldest = page.at(-1);
      return {
        _id: conversationId,
        conversation: { conversation: summary(found.conversation, viewerId), messages: page.reverse().map(chatMessage) },
        lastKey: older && oldest ? encodeCursor(oldest.createdAt, oldest.id) : null,
      };
    },

    /** POST /api/conversation {userId}: the conversation with that user, opened if new, listed for the caller. */
    async open(userId: string, otherId: string): Promise<{ _id: string }> {
      await recipient(userId, otherId);
      return db.transaction(async (tx) => {
        const conversation = await repo.openConversation(tx, userId, otherId);
        await repo.listFor(tx, conversation.id, userId, otherId);
        return { _id: conversation.id };
      });
    },

    /** POST /api/conversation/{id}/report: mails the team the reason and the last messages. */
    async report(userId: string, conversationId: string, reason: string | undefined) {
      const { conversation, otherId } = await asParticipant(conversationId, userId);
      if ((await consume(reportLimit, userId)) > 0) throw new AppError(429, CHAT_ERRORS.tooMany);
      const [reporter, other, transcript] = await Promise.all([
        repo.userState(db, userId),
        repo.userState(db, otherId),
        repo.lastMessages(db, conversation.id, REPORT_TRANSCRIPT),
      ]);
      if (!reporter) throw notFound();
      await db.transaction(async (tx) => {
        await queueMail(
          jobs,
          tx,
          `chat-report:${randomUUID()}`,
          mails.conversationReportMail(config.teamEmail, {
            reporter: reporter.username,
            reporterEmail: reporter.email,
            other: other?.username ?? USER_NOT_FOUND,
            conversationId: conversation.id,
            reason: reason ?? '',
            messages: transcript,
          }),
        );
      });
      return { ok: true };
    },

    /**
     * sendMessage: the sender is the session's user. One statement stores the message (a client id already stored
     * answers that message and stores nothing), the conversation's last message and both participants' rows; a new
     * conversation or the first message of the recipient's mail window adds its open or mail job in the same
     * transaction. After the commit both users' sockets get `msg` and the recipient new counts.
     */
    async send(senderId: string, input: SendInput): Promise<ChatMessage> {
      if (!input.conversationId && !input.toUserId) throw new AppError(400, CHAT_ERRORS.invalid);
      if (input.conversationId && !isUuid(input.conversationId)) throw notFound();
      const context = await repo.sendContext(db, senderId, input.conversationId ?? null, input.conversationId ? null : (input.toUserId ?? null));
      if (!context || context.senderRemoved) throw new AppError(401, CHAT_ERRORS.unauthorized);
      if (input.conversationId && !context.conversationId) throw notFound();
      const recipientId = context.recipientId ?? input.toUserId;
      if (recipientId === senderId) throw new AppError(400, CHAT_ERRORS.self);
      if (!recipientId || !context.recipientId || context.recipientRemoved) throw new AppError(404, CHAT_ERRORS.recipientGone);
      if ((await consume(sendLimit, senderId)) > 0) throw new AppError(429, CHAT_ERRORS.tooMany);
      if (input.itemId && !(await repo.itemExists(db, input.itemId))) throw new AppError(400, CHAT_ERRORS.invalid);
      // Worked out once, when sent, and stored with the message (see messages.warning).
      const warning = detectScamSignal(input.msg);
      // The recipient's new-messages mail: one job per conversation, recipient and 15-minute window, run at the
      // window's end (it sends nothing if they have read the messages by then). Only the window's first message
      // queues it, in its transaction; the others are one statement on their own.
      const window = Math.floor(Date.now() / MESSAGE_MAIL_WINDOW_MS);
      const queueMail = context.recipientPrefs?.messages !== false && context.recipientMailWindow !== window;
      const store = async (q: Queryable, conversationId: string) => {
        const values = { conversationId, senderId, recipientId, itemId: input.itemId ?? null, body: input.msg, clientId: input.clientId ?? null, warning };
        const stored = await repo.storeMessage(q, { ...values, mailWindow: queueMail ? window : null });
        if (stored) return { message: stored.message, created: true, countsMoved: !stored.alreadyCounted };
        // A retry: the client id is already stored in this conversation (the unique index said so).
        const existing = input.clientId ? await repo.messageByClientId(q, conversationId, senderId, input.clientId) : undefined;
        if (!existing) throw new Error('message neither inserted nor found');
        return { message: existing, created: false, countsMoved: false };
      };
      const { message, created, countsMoved } =
        context.conversationId && !queueMail
          ? await store(db, context.conversationId)
          : await db.transaction(async (tx) => {
              const conversationId = context.conversationId ?? (await repo.openConversation(tx, senderId, recipientId)).id;
              const stored = await store(tx, conversationId);
              if (stored.created && queueMail) {
                const payload = { conversationId, recipientId, window };
                await jobs.send('message-mail', payload, { tx, key: `${conversationId}:${recipientId}:${window}`, startAfter: new Date((window + 1) * MESSAGE_MAIL_WINDOW_MS) });
              }
              return stored;
            });
      const answer = chatMessage({ ...message, createdAt: message.createdAt.toISOString(), senderName: context.senderName, senderRemoved: false, notice: null });
      if (created) {
        const notification = { msg: answer.message, from: { id: senderId, username: context.senderName }, conversationId: message.conversationId, message: answer };
        hub.toUsers([senderId, recipientId], 'msg', notification);
        if (countsMoved) hub.notifyCounts(recipientId);
        // The sender of a flagged message is reminded, once ever, that payment goes through checkout.
        if (answer.warning && (await repo.markCheckoutReminded(db, senderId))) hub.toUser(senderId, 'reminder', { helpPath: SCAM_HELP_PAYMENT_PATH });
      }
      return answer;
    },

    /**
     * A notice posted on an order's behalf (a problem reported) as a message from `senderId` to `recipientId`, in the
     * caller's transaction: the conversation is opened when they have none, and the recipient's unread count and
     * list move as with any message. No mail of its own (the order's mail says it). Answers what to push once the
     * caller's transaction commits: `msg` to both, the recipient's counts.
     */
    async postNotice(tx: Tx, m: { senderId: string; recipientId: string; itemId: string | null; body: string; notice: repo.MessageNotice }): Promise<() => void> {
      const conversation = await repo.openConversation(tx, m.senderId, m.recipientId);
      const stored = await repo.storeMessage(tx, { conversationId: conversation.id, senderId: m.senderId, recipientId: m.recipientId, itemId: m.itemId, body: m.body, clientId: null, warning: null, mailWindow: null, notice: m.notice });
      if (!stored) throw new Error('notice not stored');
      const sender = await repo.userState(tx, m.senderId);
      const answer = chatMessage({ ...stored.message, createdAt: stored.message.createdAt.toISOString(), senderName: sender?.username ?? USER_NOT_FOUND, senderRemoved: false });
      return () => {
        hub.toUsers([m.senderId, m.recipientId], 'msg', { msg: answer.message, from: { id: m.senderId, username: answer.from.username }, conversationId: conversation.id, message: answer });
        if (!stored.alreadyCounted) hub.notifyCounts(m.recipientId);
      };
    },

    /** The mail job at the end of a window: skipped when the recipient has read the conversation meanwhile. */
    async mailJob(payload: { conversationId: string; recipientId: string; window: number }) {
      const state = await repo.unreadOf(db, payload.conversationId, payload.recipientId);
      if (!state || state.unread === 0) return;
      const [to, conversation] = await Promise.all([repo.userState(db, payload.recipientId), repo.findConversation(db, payload.conversationId)]);
      if (!to || to.removedAt || to.prefs.messages === false || !conversation) return;
      const otherId = conversation.userA === to.id ? conversation.userB : conversation.userA;
      const other = await repo.userState(db, otherId);
      const url = `${config.appUrl}/chats/messages/${conversation.id}`;
      await db.transaction(async (tx) => {
        await queueMail(
          jobs,
          tx,
          `message-mail:${payload.conversationId}:${payload.recipientId}:${payload.window}`,
          mails.newMessagesMail(to.email, to.username, other && !other.removedAt ? other.username : 'Someone', state.unread, conversation.lastMessage, url),
        );
      });
    },

  };
}

export type ChatService = ReturnType<typeof createChatService>;
