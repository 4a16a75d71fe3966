import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionMiddleware } from '../platform/session';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createRealtime, userRoom } from './socket';

const t = useTestApp();
let server: Server;
let realtime: ReturnType<typeof createRealtime>;
let url = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer(t.app);
  realtime = createRealtime(server, { session: createSessionMiddleware(t.config, t.db.db).middleware });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await realtime.close();
});

function open(cookie?: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('socket.io on the API server', () => {
  it('accepts a visitor at /socket.io', async () => {
    const socket = await open();
    expect(socket.connected).toBe(true);
  });

  it("puts a signed-in user's socket in their room, from the same session cookie as the API", async () => {
    const user = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const signedIn = await t.clientAs(user.id);
    const cookie = signedIn.cookie;
    const mine = await open(cookie);
    const visitor = await open();
    const received: string[] = [];
    mine.on('ping-test' as never, (text: string) => {
      received.push(`mine:${text}`);
    });
    visitor.on('ping-test' as never, (text: string) => {
      received.push(`visitor:${text}`);
    });
    // Rooms are joined on connection; give the join a moment, then push to the user's room only.
    await new Promise((r) => setTimeout(r, 100));
    realtime.io.to(userRoom(user.id)).emit('ping-test', 'hello');
    realtime.io.to(userRoom(other.id)).emit('ping-test', 'not for you');
    await expect.poll(() => received).toEqual(['mine:hello']);
  });
});
