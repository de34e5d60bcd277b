import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type RealtimeEvent } from '#contracts/realtime';
import type { App } from '#server/app';

/** Makes the app listen on a free port of 127.0.0.1 (once) and answers its base URL. */
export async function listen(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Realtime sockets as browser tabs open them (websocket only, no automatic reconnection), remembered
 * so a test file can close them all after each test (`afterEach(() => sockets.closeAll())`).
 */
export function socketPool() {
  const opened: Socket[] = [];
  return {
    /** Resolves once connected; rejects with the connect_error. */
    open(url: string, token: string | undefined, origin?: string): Promise<Socket> {
      const socket = connectClient(url, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(origin ? { extraHeaders: { origin } } : {}),
        auth: token === undefined ? {} : { token },
      });
      opened.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(error));
      });
    },
    closeAll() {
      for (const socket of opened.splice(0)) socket.disconnect();
    },
  };
}

/** Collects the socket's events as they arrive. */
export function collectEvents(socket: Socket): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  socket.on('event', (event: RealtimeEvent) => events.push(event));
  return events;
}

/** Polls `check` every 10 ms until it holds (fails after `timeoutMs`). */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
