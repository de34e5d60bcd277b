import type { HttpApp, Route } from '#server/http/route';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService, type UploadsService } from './uploads.service';

export type UploadsModuleDeps = Parameters<typeof createUploadsService>[0] & { route: Route };

/** The uploads module: its service (over the object store) and routes. Answers the service (profile pictures). */
export function registerUploads(app: HttpApp, deps: UploadsModuleDeps): UploadsService {
  const { route, ...serviceDeps } = deps;
  const uploads = createUploadsService(serviceDeps);
  uploadsRoutes(app, route, uploads);
  return uploads;
}
