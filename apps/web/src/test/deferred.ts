import type { FakeReply } from './fake-api';

/** A fake-API answer the test releases when it wants: the request stays in flight until then. */
export function deferredReply() {
  let release: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release: (reply: FakeReply = { body: { ok: true } }) => release(reply) };
}
