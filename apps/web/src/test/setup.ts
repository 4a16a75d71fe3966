import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { apiAlerts } from '../lib/api-alerts';
import { configureRealtime, stopRealtime } from '../features/chat/realtime/socket';
import { installFakeApi, uninstallFakeApi } from './fake-api';
import { installFakeSocket } from './fake-socket';

// A file's first render loads its route's lazy modules (transformed on demand): on a loaded CI machine that alone
// passed the default 1 s of findBy and waitFor, and with two workers on two cores 5 s (spec-filters.test.tsx: 36
// cards rendered in the background before the next page is asked for). A hang guard: they still answer as soon as
// the element is there.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  // jsdom implements neither; ScrollRestoration and the infinite scroll call them.
  window.scrollTo = () => undefined;
  // No test reaches a real server by accident: unrouted calls answer 404.
  installFakeApi();
  // Nor a real socket: a signed-in shell opens one; tests that play the server install their own handle.
  installFakeSocket();
  // Again here, not only after each test: a call of the last test still in flight when its afterEach ran (a
  // guard's 429) settles after that reset and raised the banner in the next test (CI, api-banners.test.tsx).
  apiAlerts.reset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  uninstallFakeApi();
  stopRealtime();
  configureRealtime();
  apiAlerts.reset();
  window.localStorage.clear();
  document.body.className = '';
  // A title left by one test must not satisfy the next test's title assertion.
  document.title = '';
});
