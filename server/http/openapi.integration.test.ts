import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { sessionRequestsApi } from '#contracts/session-requests.api';
import { createTestApp } from '#test/support/app';
import { useTestDatabase } from '#test/support/test-app';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from './openapi';

type Operation = {
  summary?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/openapi.json and /api/docs', () => {
  const database = useTestDatabase();

  it('is a valid OpenAPI 3.1 document listing every registered API route with its auth and error body', async () => {
    const { app } = await createTestApp(database.db);
    const response = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<Document>();
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    const apiRoutes = app.registeredRoutes.filter(
      (route) =>
        (route.url.startsWith('/api/') || route.url.startsWith('/auth/')) &&
        route.url !== OPENAPI_JSON_PATH &&
        !route.url.startsWith(API_DOCS_PATH),
    );
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);

    // An endpoint defined in contracts/: its summary, bearer auth, body and error answers.
    const create = document.paths['/api/session-requests']?.post;
    expect(create?.summary).toBe(sessionRequestsApi.create.summary);
    expect(create?.security).toEqual([{ bearer: [] }]);
    expect(create?.requestBody).toBeDefined();
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['201', '4XX', '5XX']));
    const get = document.paths['/api/session-requests/{id}']?.get;
    expect(get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
    );
    await app.close();
  });

  it('serves a readable reference at /api/docs', async () => {
    const { app } = await createTestApp(database.db);
    const page = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    await app.close();
  });
});
