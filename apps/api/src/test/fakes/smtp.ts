import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string;
  data: string;
  at: number;
}

export interface FakeSmtp {
  url: string;
  /** Mails accepted (answered 250), in order. */
  received: ReceivedMail[];
  /** Message-IDs of the DATA commands refused. */
  refused: string[];
  /** Messages received in full and not answered yet (being delayed or stalled). */
  readonly inFlight: number;
  /** Refuse the next `n` messages with a temporary error (451), as a server in trouble does. */
  refuseNext(n: number): void;
  /** Hold every message's answer until release() (a stalled server); accepted once released. */
  stall(): void;
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free local port. A message counts as delivered when the server answers
 * 250 to it on a live connection, the point where the sender learns that the server took it over; `delayMs` holds
 * each message that long before answering.
 */
export async function startFakeSmtp(options: { delayMs?: number } = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  let refusals = 0;
  let stalled: Array<() => void> | undefined;
  const closed = new Set<string>();
  let inFlight = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(data)?.[1] ?? '';
        inFlight++;
        const answer = () => {
          inFlight--;
          // The client hung up before hearing 250 (a killed process): like a real server, nothing was taken over.
          if (closed.has(session.id)) return callback(new Error('connection closed'));
          if (refusals > 0) {
            refusals--;
            refused.push(messageId);
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, data, at: Date.now() });
          callback();
        };
        // After a hold, a moment for a hang-up that came during it to be read (its close event) before answering.
        const later = () => (options.delayMs ? setTimeout(() => setTimeout(answer, 10), options.delayMs) : answer());
        if (stalled) stalled.push(later);
        else later();
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  // A client that vanishes mid-session (a killed API process) is not an error here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    get inFlight() {
      return inFlight;
    },
    refuseNext: (n) => (refusals = n),
    stall: () => (stalled = stalled ?? []),
    release() {
      const waiting = stalled ?? [];
      stalled = undefined;
      for (const go of waiting) go();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
