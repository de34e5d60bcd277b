import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteUploadResponseSchema,
  uploadFileParamsSchema,
  uploadFileResponseSchema,
  uploadResponseSchema,
  type UploadKind,
} from '../../../contracts/uploads';
import { AppError } from '../../../domain/errors/app-error';
import type { AuthGuard } from '../../plugins/auth-guard';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadsService } from './uploads.service';

/**
 * R22 uploads. The body is the image itself (Content-Type image/*, read as raw bytes up to 5 MiB);
 * what it really is comes from its magic bytes, never from the declared type or a file name.
 * Files are served with an allowlisted type, nosniff and a sandboxing CSP, so even a file that
 * somehow held markup could not run as a page.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService; guard: AuthGuard }> = async (
  app,
  { uploads, guard },
) => {
  // Scoped to this plugin: only these routes read image bodies.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/i,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const uploadRoute = (kind: UploadKind) =>
    app.post(
      `/api/uploads/${kind}`,
      { bodyLimit: MAX_UPLOAD_BYTES, schema: { response: { 200: uploadResponseSchema } } },
      async (request) => {
        const caller = await guard.authenticate(request);
        if (!Buffer.isBuffer(request.body))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupported);
        const stored = await uploads.upload(caller.userId, kind, request.body);
        request.log.info({ kind, key: stored.key }, 'upload stored');
        return { url: stored.url };
      },
    );
  uploadRoute('avatar');
  uploadRoute('cover');

  app.get(
    '/api/uploads/files/*',
    { schema: { params: uploadFileParamsSchema, response: { 200: uploadFileResponseSchema } } },
    async (request, reply) => {
      const file = await uploads.read(request.params['*']);
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.bytes);
    },
  );

  app.delete(
    '/api/uploads/files/*',
    { schema: { params: uploadFileParamsSchema, response: { 200: deleteUploadResponseSchema } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      await uploads.remove(caller.userId, request.params['*']);
      return { deleted: true as const };
    },
  );
};
