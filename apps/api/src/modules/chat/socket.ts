import { CHAT_ERRORS, SendMessageInputSchema, type ChatError, type SendMessageAck } from '@keeb/shared';
import { holdsNul } from '../../platform/input-guard';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { IoSocket } from '../../realtime/hub';
import type { ChatService } from './service';

const KNOWN = new Set<string>(Object.values(CHAT_ERRORS));
/** A failed rule's message is its chat code (the shared schema's); anything else (wrong shapes) is invalid_input. */
const codeOf = (message: string | undefined): ChatError => (message && KNOWN.has(message) ? (message as ChatError) : CHAT_ERRORS.invalid);

interface SessionOnRequest {
  session?: { userId?: string; reload(callback: (err?: unknown) => void): void };
}

/**
 * The session is read again before each send: a socket outliving its session (logout, expiry, removal) sends
 * nothing more, and is closed.
 */
function stillSignedIn(socket: IoSocket, userId: string): Promise<boolean> {
  const { session } = socket.request as unknown as SessionOnRequest;
  if (!session) return Promise.resolve(false);
  return new Promise((resolve) => session.reload((err) => resolve(!err && session.userId === userId)));
}

/** The realtime `sendMessage` of a signed-in socket: validated here, stored and fanned out by the chat service. */
export function registerChatSocket(socket: IoSocket, userId: string, deps: { chat: ChatService; logger: Logger }) {
  socket.on('sendMessage', async (input: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (result: SendMessageAck) => void) : () => {};
    try {
      if (!(await stillSignedIn(socket, userId))) {
        reply({ ok: false, error: CHAT_ERRORS.unauthorized });
        socket.disconnect(true);
        return;
      }
      if (holdsNul(input)) return reply({ ok: false, error: CHAT_ERRORS.invalid });
      const parsed = SendMessageInputSchema.safeParse(input);
      if (!parsed.success) return reply({ ok: false, error: codeOf(parsed.error.issues[0]?.message) });
      reply({ ok: true, message: await deps.chat.send(userId, parsed.data) });
    } catch (error) {
      if (error instanceof AppError) return reply({ ok: false, error: error.code });
      deps.logger.error({ err: error, userId }, 'sendMessage failed');
      reply({ ok: false, error: 'something_went_wrong' });
    }
  });
}
