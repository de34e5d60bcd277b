import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetStubApi, server } from '#web/test/api';
import { installConsoleGuard } from './console-guard';

installConsoleGuard();

// The network is MSW's (web/test/api.ts): a request no handler answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetStubApi();
});
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
});

// The auth client restores a session only when the server's session marker cookie is present (a page
// load without it makes no refresh call). Component tests stub the refresh answer, so set the marker.
beforeEach(() => {
  document.cookie = 'wellspring-session=1; path=/';
});

// Web tests never open a real socket: the realtime client (web/lib/realtime) gets an inert one unless a
// test mocks socket.io-client itself (its own vi.mock wins).
vi.mock('socket.io-client', () => {
  const inert = {
    connected: false,
    active: false,
    id: undefined,
    on: () => inert,
    once: () => inert,
    off: () => inert,
    emit: () => inert,
    timeout: () => inert,
    connect: () => inert,
    disconnect: () => inert,
    close: () => inert,
    removeAllListeners: () => inert,
    io: { on: () => undefined, off: () => undefined, opts: {} },
  };
  return { io: () => inert, default: () => inert };
});
