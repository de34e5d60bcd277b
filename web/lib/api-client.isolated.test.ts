import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z, ZodError } from 'zod';
import { ApiError, apiRequest } from './api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const itemSchema = z.object({ id: z.string(), count: z.number() });

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('parses a successful body with the given schema', async () => {
    fetchMock.mockResolvedValue(json({ id: 'a1', count: 3, extra: 'dropped' }));
    const result = await apiRequest('/api/items/a1', itemSchema);
    expect(result).toEqual({ id: 'a1', count: 3 });
  });

  it('sends a GET with accept: application/json and same-origin credentials by default', async () => {
    fetchMock.mockResolvedValue(json({ id: 'a1', count: 3 }));
    await apiRequest('/api/items/a1', itemSchema);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/items/a1');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', body: undefined });
    expect(init?.headers).toEqual({ accept: 'application/json' });
  });

  it('sends a JSON body with its content type, plus extra headers', async () => {
    fetchMock.mockResolvedValue(json({ id: 'a2', count: 0 }, 201));
    await apiRequest('/api/items', itemSchema, {
      method: 'POST',
      body: { name: 'x' },
      headers: { 'x-custom': '1' },
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"x"}');
    expect(init?.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-custom': '1',
    });
  });

  it('rejects a successful body that does not match the schema', async () => {
    fetchMock.mockResolvedValue(json({ id: 42 }));
    await expect(apiRequest('/api/items/a1', itemSchema)).rejects.toBeInstanceOf(ZodError);
  });

  it("rebuilds the server's error (code, message, status, requestId, details) from an error body", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid. Please check your input and try again.',
            requestId: 'req-123',
            details: [{ path: 'email', message: 'Enter a valid email address' }],
          },
        },
        400,
      ),
    );
    const error = await apiRequest('/api/items', itemSchema, { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'VALIDATION_ERROR',
      message: 'The request is not valid. Please check your input and try again.',
      status: 400,
      requestId: 'req-123',
      details: [{ path: 'email', message: 'Enter a valid email address' }],
    });
  });

  it('keeps the status of other error codes (404 NOT_FOUND without details)', async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'NOT_FOUND', message: 'No such endpoint.', requestId: 'r-9' } }, 404),
    );
    const error = await apiRequest('/api/nope', itemSchema).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No such endpoint.',
      status: 404,
      requestId: 'r-9',
      details: [],
    });
  });

  it('turns an error response that is not an error body into INTERNAL_ERROR with its status', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = await apiRequest('/api/items', itemSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', status: 502 });
  });

  it('turns a network failure into SERVICE_UNAVAILABLE with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/items', itemSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 0 });
    expect((error as ApiError).message).toMatch(/network/i);
  });

  it('lets an abort through unchanged', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(apiRequest('/api/items', itemSchema, { signal: new AbortController().signal })).rejects.toBe(
      abort,
    );
  });
});
