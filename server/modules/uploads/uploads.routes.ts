import { uploadsApi as endpoints } from '#contracts/uploads.api';
import type { HttpApp, Route } from '#server/http/route';
import { MAX_UPLOAD_BYTES, type UploadsService } from './uploads.service';

/** Uploads (contracts/uploads.api.ts): the pictures people upload, and serving them. */
export function uploadsRoutes(app: HttpApp, route: Route, uploads: UploadsService) {
  // An encapsulated scope: only the two upload routes read image bodies (as raw bytes).
  void app.register(async (scope: HttpApp) => {
    scope.addContentTypeParser(
      /^image\/[\w.+-]+$/i,
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    for (const [kind, endpoint] of [
      ['avatar', endpoints.uploadAvatar],
      ['cover', endpoints.uploadCover],
    ] as const)
      route(scope, endpoint, { bodyLimit: MAX_UPLOAD_BYTES }, async ({ caller, request }) => {
        const stored = await uploads.upload(caller.userId, kind, request.body);
        request.log.info({ kind, key: stored.key }, 'upload stored');
        return { url: stored.url };
      });
  });

  route(app, endpoints.getFile, async ({ params, reply }) => {
    const file = await uploads.read(params['*']);
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });

  route(app, endpoints.deleteFile, async ({ caller, params }) => {
    await uploads.remove(caller.userId, params['*']);
    return { deleted: true as const };
  });
}
