import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { apiAlerts } from '../lib/api-alerts';
import { installFakeApi, uninstallFakeApi } from './fake-api';

beforeEach(() => {
  // jsdom implements neither; ScrollRestoration and the infinite scroll call them.
  window.scrollTo = () => undefined;
  // No test reaches a real server by accident: unrouted calls answer 404.
  installFakeApi();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  uninstallFakeApi();
  apiAlerts.reset();
  window.localStorage.clear();
  document.body.className = '';
  // A title left by one test must not satisfy the next test's title assertion.
  document.title = '';
});
