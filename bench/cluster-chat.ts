/**
 * The cluster bench's chat: each pair's two users hold a socket through the front (WebSocket only, as the web app
 * connects; reconnecting every second, as it does) and each sends a message every 2.2-3.2 s (under the 30 a
 * minute limit) with a clientId. What the other user receives live, and what a user fetches after a reconnect (the
 * history page, as the web app refetches), counts as delivered; an acknowledged message its receiver never got is
 * lost. A dropped socket's catch-up time runs from its disconnect to the end of that refetch.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientToServerEvents, MessagePage, ServerToClientEvents } from '@keeb/shared';
import type { Actor, ChatPair } from './cluster-data';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SEND_EVERY_MS = [2200, 3200] as const;
const ACK_TIMEOUT_MS = 10_000;
/** Tries of one message (the first and the retries with the same clientId, as the web app's retry sends it). */
const TRIES = 3;

export interface ChatRun {
  /** Messages the server acknowledged: clientId and sender. */
  acked: Array<{ clientId: string; senderId: string }>;
  /** Messages never acknowledged after every try. */
  unacknowledged: number;
  /** Acknowledged messages their receiver got neither live nor by the refetch after a reconnect. */
  lost: string[];
  /** Disconnect to reconnected-and-refetched, for every socket drop, in ms. */
  catchUps: number[];
  /** Drops whose socket had not reconnected and refetched when the run ended. */
  stillDown: number;
  /** Refetches that failed (each is tried again, as react-query retries a failed query). */
  refetchErrors: string[];
}

interface User {
  actor: Actor;
  partner: Actor;
  conversationId: string;
  socket: ChatSocket;
  /** clientIds of the partner's messages this user received. */
  received: Set<string>;
  droppedAt: number | undefined;
}

async function historyPage(front: string, user: User, lastKey: string | null): Promise<MessagePage> {
  const response = await fetch(`${front}/api/message/${user.conversationId}`, {
    method: 'POST',
    headers: { cookie: user.actor.cookie, 'x-xsrf-token': user.actor.xsrf, 'content-type': 'application/json' },
    body: JSON.stringify(lastKey ? { lastKey } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) throw new Error(`history answered ${response.status}`);
  return (await response.json()) as MessagePage;
}

/** The web app's refetch after a reconnect: newest page, then older ones until one holds a message already received. */
async function refetch(front: string, user: User): Promise<void> {
  let lastKey: string | null = null;
  for (let page = 0; page < 10; page++) {
    const answer: MessagePage = await historyPage(front, user, lastKey);
    const fromPartner = answer.conversation.messages.filter((m: ChatMessage) => m.from._id === user.partner.id && m.clientId);
    const knewOne = fromPartner.some((m) => user.received.has(m.clientId!));
    for (const m of fromPartner) user.received.add(m.clientId!);
    if (knewOne || !answer.lastKey) return;
    lastKey = answer.lastKey;
  }
}

export async function runChat(front: string, pairs: ChatPair[], o: { seconds: number; tag: string }): Promise<ChatRun> {
  let running = true;
  const run: ChatRun = { acked: [], unacknowledged: 0, lost: [], catchUps: [], stillDown: 0, refetchErrors: [] };
  const users: User[] = [];
  const open = (actor: Actor, partner: Actor, conversationId: string) =>
    new Promise<User>((resolve, reject) => {
      const socket: ChatSocket = connect(front, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: actor.cookie, origin: front },
        reconnectionDelay: 1000,
        reconnectionDelayMax: 1000,
        randomizationFactor: 0,
      });
      const user: User = { actor, partner, conversationId, socket, received: new Set(), droppedAt: undefined };
      let opened = false;
      socket.on('msg', (n) => {
        if (n.from.id === partner.id && n.message.clientId) user.received.add(n.message.clientId);
      });
      socket.on('disconnect', () => {
        if (running && user.droppedAt === undefined) user.droppedAt = performance.now();
      });
      socket.on('connect', () => {
        if (!opened) {
          opened = true;
          return resolve(user);
        }
        const dropped = user.droppedAt;
        if (dropped === undefined) return;
        void (async () => {
          // The web app's query retries a failed fetch (react-query: 3 retries, a second or more apart).
          for (let attempt = 0; attempt < 4; attempt++) {
            try {
              await refetch(front, user);
              run.catchUps.push(performance.now() - dropped);
              user.droppedAt = undefined;
              return;
            } catch (error) {
              run.refetchErrors.push((error as Error).message);
              await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
            }
          }
        })();
      });
      socket.once('connect_error', (error) => {
        if (!opened) reject(new Error(`socket refused: ${error.message}`));
      });
    });
  for (const pair of pairs) {
    users.push(await open(pair.a, pair.b, pair.conversationId), await open(pair.b, pair.a, pair.conversationId));
  }

  let seq = 0;
  const send = (user: User, clientId: string, msg: string) =>
    new Promise<boolean>((resolve) => {
      user.socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', { conversationId: user.conversationId, msg, clientId }, (error: Error | null, ack?: { ok: boolean }) =>
        resolve(!error && Boolean(ack?.ok)),
      );
    });
  const until = performance.now() + o.seconds * 1000;
  await Promise.all(
    users.map(async (user, u) => {
      await new Promise((r) => setTimeout(r, Math.random() * SEND_EVERY_MS[1]));
      while (performance.now() < until) {
        const clientId = `${o.tag}-${u}-${seq++}`;
        const msg = `Would you take $${100 + (seq % 50)} for it? (${clientId})`;
        let ok = false;
        for (let attempt = 0; attempt < TRIES && !ok; attempt++) ok = await send(user, clientId, msg);
        if (ok) run.acked.push({ clientId, senderId: user.actor.id });
        else run.unacknowledged++;
        await new Promise((r) => setTimeout(r, SEND_EVERY_MS[0] + Math.random() * (SEND_EVERY_MS[1] - SEND_EVERY_MS[0])));
      }
    }),
  );
  // The last messages' deliveries and any reconnect still under way.
  for (let waited = 0; waited < 10_000 && users.some((u) => u.droppedAt !== undefined); waited += 250) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 1000));
  running = false;
  run.stillDown = users.filter((u) => u.droppedAt !== undefined).length;
  const receiverOf = new Map(users.map((u) => [u.partner.id, u]));
  for (const { clientId, senderId } of run.acked) if (!receiverOf.get(senderId)?.received.has(clientId)) run.lost.push(clientId);
  for (const user of users) user.socket.disconnect();
  return run;
}
