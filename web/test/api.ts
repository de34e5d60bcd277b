import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi, type MockInstance } from 'vitest';

/**
 * Web tests only: the network, answered by MSW (test/setup/web.ts starts `server` for every web test
 * file and resets it after each test; a request nothing answers fails the test).
 *
 * `stubApi` is the short way to answer a screen's endpoints: a table of "METHOD /path" (query ignored)
 * to an answer or a handler, served by one MSW handler; an endpoint missing from the table answers 404
 * NOT_FOUND like the server. It records every fetch call as the app made it (`calls`, `callsTo`, and
 * `fetch.mock.calls` for the exact `init`, e.g. headers), synchronously. A later `stubApi` in the same
 * test replaces the table. For anything else use MSW itself: `server.use(http.get(...))` wins over the
 * table.
 */
export type StubResponse = { status?: number; body?: unknown; headers?: Record<string, string> };
export type StubHandler = (request: {
  url: URL;
  method: string;
  body: unknown;
}) => StubResponse | Promise<StubResponse>;
export type StubRoutes = Record<string, StubHandler | StubResponse>;

let table: StubRoutes | null = null;
let fetchSpy: MockInstance<typeof fetch> | null = null;

const notFound: StubResponse = {
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: 'No such endpoint.', requestId: 'r' } },
};

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const stubTable = http.all('*', async ({ request }) => {
  if (!table) return undefined;
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const route = table[`${method} ${url.pathname}`];
  let answer: StubResponse;
  try {
    answer = route
      ? typeof route === 'function'
        ? await route({ url, method, body: await readJson(request) })
        : route
      : notFound;
  } catch {
    // A handler that throws stands for the network failing: fetch rejects with a TypeError.
    return HttpResponse.error();
  }
  const status = answer.status ?? 200;
  return new HttpResponse(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
    status,
    headers: { 'content-type': 'application/json', ...answer.headers },
  });
});

export const server = setupServer(stubTable);

/** Called by test/setup/web.ts after each test: no table, no recording. */
export function resetStubApi() {
  table = null;
  fetchSpy?.mockRestore();
  fetchSpy = null;
}

export type StubApi = ReturnType<typeof stubApi>;

export function stubApi(routes: StubRoutes) {
  resetStubApi();
  table = routes;
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const network = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    return network(input, init);
  });
  fetchSpy = spy;
  return {
    calls,
    fetch: spy,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export const apiError = (status: number, code: string, message = 'Failed') => ({
  status,
  body: { error: { code, message, requestId: 'req-1' } },
});
