import { endpointGroup } from './endpoint';
import {
  cancelGiftResponseSchema,
  claimGiftResponseSchema,
  createGiftBodySchema,
  createGiftResponseSchema,
  giftIdParamsSchema,
  giftsResponseSchema,
} from './gifts';

const endpoint = endpointGroup('Gifts');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * Gifts. Any signed-in person may send from their own wallet, claim what was sent
 * to their confirmed address, and cancel what they sent while it is unclaimed. Someone else's gift
 * answers 404. The three POSTs move money, so they need an Idempotency-Key.
 */
export const giftsApi = {
  list: signedInEndpoint({
    method: 'GET',
    path: '/api/gifts',
    summary: 'What the caller sent and what is theirs to claim',
    responses: { 200: giftsResponseSchema },
  }),
  send: signedInEndpoint({
    method: 'POST',
    path: '/api/gifts',
    summary: "Send a gift (wallet credit or a session with a coach) from the caller's wallet",
    idempotent: true,
    body: createGiftBodySchema,
    responses: { 201: createGiftResponseSchema },
  }),
  claim: signedInEndpoint({
    method: 'POST',
    path: '/api/gifts/:id/claim',
    summary: "Claim a gift sent to the caller's confirmed address: the money goes into their wallet",
    idempotent: true,
    params: giftIdParamsSchema,
    responses: { 200: claimGiftResponseSchema },
  }),
  cancel: signedInEndpoint({
    method: 'POST',
    path: '/api/gifts/:id/cancel',
    summary: 'Cancel an unclaimed gift the caller sent: the money goes back into their wallet',
    idempotent: true,
    params: giftIdParamsSchema,
    responses: { 200: cancelGiftResponseSchema },
  }),
};
