import { z } from 'zod';
import {
  acceptResponseSchema,
  pendingRequestResponseSchema,
  requestEventPayloadSchema,
  sessionRequestSchema,
  type SessionRequest,
} from '../../../../contracts/sessions';
import { apiRequest } from '../../../lib/api-client';

const path = (id: string, action?: string) =>
  `/api/session-requests/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** The answers of decline and message are not needed here: success or an ApiError is all that counts. */
const anyAnswer = z.unknown();

/** GET /api/session-requests/pending: the newest pending instant request (the safety net), or null. */
export async function fetchPendingRequest(signal?: AbortSignal): Promise<SessionRequest | null> {
  const answer = await apiRequest('/api/session-requests/pending', pendingRequestResponseSchema, { signal });
  return answer.request;
}

/** GET /api/session-requests/:id, read as the request itself or wrapped in { request }. */
export async function fetchRequest(id: string): Promise<SessionRequest | null> {
  const answer = await apiRequest(path(id), anyAnswer);
  const wrapped = requestEventPayloadSchema.safeParse(answer);
  if (wrapped.success) return wrapped.data.request;
  const bare = sessionRequestSchema.safeParse(answer);
  return bare.success ? bare.data : null;
}

/** POST /api/session-requests/:id/accept: the request accepted and its chat session. */
export const acceptRequest = (id: string) =>
  apiRequest(path(id, 'accept'), acceptResponseSchema, { method: 'POST' });

/** POST /api/session-requests/:id/decline */
export const declineRequest = (id: string) =>
  apiRequest(path(id, 'decline'), anyAnswer, { method: 'POST' }).then(() => undefined);

/** POST /api/session-requests/:id/message: the coach's note after a decline, cancel or expiry (SPEC §5). */
export const sendCoachMessage = (id: string, message: string) =>
  apiRequest(path(id, 'message'), anyAnswer, { method: 'POST', body: { message } }).then(() => undefined);
