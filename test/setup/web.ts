import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetStubApi, server } from '#web/test/api';
import { installConsoleGuard } from './console-guard';

installConsoleGuard();

// findBy/waitFor wait for a state; the first render of a lazily loaded route also compiles its modules,
// which on a loaded 2-core machine can take longer than the library's 1 s default. A state that appears
// sooner still ends the wait at once.
configure({ asyncUtilTimeout: 5_000 });

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
