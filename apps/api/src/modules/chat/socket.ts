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
  session?: { userId?: string; cookie?: { expires?: Date | string | null }; reload(callback: (err?: unknown) => void): void };
}

/**
 * How long a socket trusts the session it was opened with before a send reads it again. Logout, a password reset
 * and an account removal close the sockets at once (realtime hub, closeSockets); this bounds any other ending
 * (a session cleaned up, a race with a handshake) without a query before every message.
 */
export const SESSION_RECHECK_MS = 30_000;
const checkedAt = new WeakMap<IoSocket, number>();

/** Whether the socket's session still stands: trusted for SESSION_RECHECK_MS after it was read and until it expires. */
function stillSignedIn(socket: IoSocket, userId: string): Promise<boolean> {
  const { session } = socket.request as unknown as SessionOnRequest;
  if (!session) return Promise.resolve(false);
  const now = Date.now();
  const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Infinity;
  if (now - (checkedAt.get(socket) ?? 0) < SESSION_RECHECK_MS && now < expires) return Promise.resolve(true);
  return new Promise((resolve) =>
    session.reload((err) => {
      const ok = !err && session.userId === userId;
      if (ok) checkedAt.set(socket, Date.now());
      resolve(ok);
    }),
  );
}

/** The realtime `sendMessage` of a signed-in socket: validated here, stored and fanned out by the chat service. */
export function registerChatSocket(socket: IoSocket, userId: string, deps: { chat: ChatService; logger: Logger }) {
  // The handshake has just read the session.
  checkedAt.set(socket, Date.now());
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
