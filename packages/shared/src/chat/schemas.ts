import { z } from 'zod';
import { CHAT_ERRORS, CLIENT_MESSAGE_ID_MAX, MESSAGE_MAX } from './codes';

/**
 * Chat entities as the spec's client reads them (spec part 2, section 3 "Conversation" and "Message").
 * Times are ISO 8601 strings; ids are UUIDs.
 */

/** The other participant as a conversation row shows them ('User Not Found' when their account is removed). */
export interface ChatUser {
  id: string;
  _id: string;
  username: string;
  avatar: string | null;
  reddit: { isLinked: boolean };
}

/** GET /api/me/messages: one row per conversation of the viewer, newest change first. */
export interface ConversationSummary {
  _id: string;
  /** Same as _id (the spec names both). */
  conversation_id: string;
  /** The two participants' user ids. */
  participants: [string, string];
  /** The last message's text (preview), or '' when none yet. */
  lastMessage: string;
  lastModified: string;
  /** Whether the viewer has read the conversation's last message. */
  isRead: boolean;
  /** The other participant (the spec's `from`). */
  from: ChatUser;
  /** Scam signal on the last message the viewer received (null when none): see ScamWarning. */
  warning: ScamWarning | null;
}

export interface ConversationList {
  conversations: ConversationSummary[];
}

/** One message of a conversation's history (spec: message, item_id, from {_id, username}, ts). */
export interface ChatMessage {
  _id: string;
  conversationId: string;
  message: string;
  /** The item the message is about ('Item Info' links to /detail/{item_id}), or null. */
  item_id: string | null;
  from: { _id: string; username: string };
  ts: string;
  /** The sender's retry key, echoed so the sender's tab can replace its 'Sending...' line. */
  clientId: string | null;
  /** Set on a message that asks for payment outside checkout or moves the talk off the site (shown to the recipient). */
  warning: ScamWarning | null;
  /**
   * Set on a notice the product posted on an order's behalf (issue 26: a problem reported), shown as a notice
   * linking to /me/orders/{orderId} rather than as the sender's words; null (or absent) for what a user wrote.
   */
  notice?: { kind: string; orderId: string } | null;
}

/** Why a message looks like a classic trading scam, and the help topic that explains it. */
export interface ScamWarning {
  kind: 'off_platform_payment' | 'off_site_contact';
  /** The words that triggered it, as found in the message (for the warning text). */
  matched: string;
  /** Path of the help topic on payment (e.g. /help/...). */
  helpPath: string;
}

/** POST /api/message/{id} body: lastKey from the previous page, absent for the newest page. */
export const MessagePageInputSchema = z.object({
  lastKey: z.string().max(200, { error: 'invalid_cursor' }).nullish(),
});
export type MessagePageInput = z.infer<typeof MessagePageInputSchema>;

/**
 * POST /api/message/{id}: the conversation with a page of MESSAGE_PAGE_SIZE messages, oldest first within the page.
 * `lastKey` is set while older messages exist (send it back for the previous page), null at the start.
 */
export interface MessagePage {
  _id: string;
  conversation: { conversation: ConversationSummary; messages: ChatMessage[] };
  lastKey: string | null;
}

/**
 * POST /api/conversation {userId}: opens (or finds) the conversation with that user, for Message Seller and the
 * profile's Message button. Answers its _id.
 */
export const OpenConversationInputSchema = z.object({
  userId: z.uuid({ error: CHAT_ERRORS.notFound }),
});
export interface OpenConversationResult {
  _id: string;
}

/** POST /api/conversation/{id}/report {reason}: mails the team. */
export const ReportConversationInputSchema = z.object({
  reason: z.string().trim().max(1_000, { error: CHAT_ERRORS.tooLong }).optional(),
});

/** Message text as sent: trimmed, non-empty, at most MESSAGE_MAX characters. */
export const MessageTextSchema = z
  .string({ error: CHAT_ERRORS.empty })
  .transform((text) => text.trim())
  .refine((text) => text.length > 0, { error: CHAT_ERRORS.empty })
  .refine((text) => text.length <= MESSAGE_MAX, { error: CHAT_ERRORS.tooLong });

/**
 * The realtime `sendMessage` payload (spec: username, itemId, fromUserId, toUserId, conversationId, msg). The server
 * reads only conversationId or toUserId, itemId, msg and clientId: the sender is the session's user, never
 * fromUserId or username.
 */
export const SendMessageInputSchema = z.looseObject({
  conversationId: z.uuid({ error: CHAT_ERRORS.notFound }).nullish(),
  toUserId: z.uuid({ error: CHAT_ERRORS.notFound }).nullish(),
  itemId: z.uuid({ error: CHAT_ERRORS.invalid }).nullish(),
  msg: MessageTextSchema,
  clientId: z.string().min(1).max(CLIENT_MESSAGE_ID_MAX, { error: CHAT_ERRORS.invalid }).nullish(),
});
export type SendMessageInput = z.input<typeof SendMessageInputSchema>;

/** The sendMessage acknowledgement: the stored message, or an error code. */
export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; error: string };
