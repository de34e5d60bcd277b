import { endpointGroup } from './endpoint';
import {
  deleteUploadResponseSchema,
  uploadFileParamsSchema,
  uploadFileResponseSchema,
  uploadResponseSchema,
} from './uploads';

const endpoint = endpointGroup('Uploads');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * R22 uploads. The body is the image itself (Content-Type image/*, raw bytes up to 5 MiB; no JSON
 * schema): what it really is comes from its magic bytes, never from the declared type or a file name.
 * Files are served with an allowlisted type, nosniff and a sandboxing CSP.
 */
export const uploadsApi = {
  uploadAvatar: signedInEndpoint({
    method: 'POST',
    path: '/api/uploads/avatar',
    summary: 'Upload a profile picture (the image bytes as the body), re-encoded and fitted to 512×512',
    responses: { 200: uploadResponseSchema },
  }),
  uploadCover: signedInEndpoint({
    method: 'POST',
    path: '/api/uploads/cover',
    summary: 'Upload a cover picture (the image bytes as the body), re-encoded and fitted to 1920×640',
    responses: { 200: uploadResponseSchema },
  }),
  getFile: endpoint({
    method: 'GET',
    path: '/api/uploads/files/*',
    summary: 'A stored picture (image/webp, image/jpeg or image/png)',
    access: 'public',
    params: uploadFileParamsSchema,
    responses: { 200: uploadFileResponseSchema },
  }),
  deleteFile: signedInEndpoint({
    method: 'DELETE',
    path: '/api/uploads/files/*',
    summary: "Delete one of the caller's own uploads",
    params: uploadFileParamsSchema,
    responses: { 200: deleteUploadResponseSchema },
  }),
} as const;

/** Where stored pictures are served: an uploaded picture's URL starts with this. */
export const UPLOADED_FILES_PREFIX = uploadsApi.getFile.path.slice(0, -1);
