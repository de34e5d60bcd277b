import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';

/**
 * Serves the built single-page app: hashed assets (precompressed .br/.gz when present) cached for a
 * year, index.html never cached, and every other GET outside the API answered with index.html so
 * the client-side router can take it. Unknown /api paths get a JSON 404.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/v1');

  app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit() : undefined }, (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isApiPath(request.url) && isPageRequest && hasWebApp) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, {
      code: 'NOT_FOUND',
      message:
        hasWebApp || isApiPath(request.url)
          ? 'No such endpoint.'
          : 'The web app is not built. Run `npm run build`.',
    });
  });
});
