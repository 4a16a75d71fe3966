import type { ChatMessage, ChatUser, ConversationSummary, MessageNotification, MessagePage } from '@keeb/shared';

/** Test data shaped as GET /me/messages, POST /message/{id} and the socket's `msg` answer it. The viewer is u1. */
export const VIEWER = { _id: 'u1', username: 'switchfan' };

export function makeChatUser(overrides: Partial<ChatUser> = {}): ChatUser {
  return { id: 'u2', _id: 'u2', username: 'keyqueen', avatar: null, reddit: { isLinked: false }, ...overrides };
}

export function makeConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  const id = overrides._id ?? 'c1';
  return {
    _id: id,
    conversation_id: id,
    participants: ['u1', overrides.from?.id ?? 'u2'],
    lastMessage: 'Is it still available?',
    lastModified: '2026-11-20T10:00:00.000Z',
    isRead: true,
    from: makeChatUser(),
    warning: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: 'm1',
    conversationId: 'c1',
    message: 'Hello there',
    item_id: null,
    from: { _id: 'u2', username: 'keyqueen' },
    ts: '2026-11-20T10:00:00.000Z',
    clientId: null,
    warning: null,
    ...overrides,
  };
}

export function makeMessagePage(
  messages: ChatMessage[],
  { lastKey = null, conversation = makeConversation() }: { lastKey?: string | null; conversation?: ConversationSummary } = {},
): MessagePage {
  return { _id: conversation._id, conversation: { conversation, messages }, lastKey };
}

/** The `msg` event for a stored message. */
export function makeNotification(message: ChatMessage): MessageNotification {
  return {
    msg: message.message,
    from: { id: message.from._id, username: message.from.username },
    conversationId: message.conversationId,
    message,
  };
}

/** An ISO time `ms` before now. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
