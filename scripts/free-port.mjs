import { createServer } from 'node:net';

/**
 * A port nothing listens on now (the kernel's pick), for a process or a fake server a test, journey, bench or the
 * cluster launcher starts. Plain JavaScript so `npm run cluster` needs no build; typed by free-port.d.mts.
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
