import { endpointGroup } from './endpoint';
import {
  demoConfirmBodySchema,
  paymentIdParamsSchema,
  paymentSchema,
  topUpBodySchema,
  topUpSchema,
  walletSchema,
} from './wallet';

const endpoint = endpointGroup('Wallet');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * The caller's own wallet: balance and top-ups. Every endpoint acts on the caller's rows only;
 * someone else's payment answers 404. Money-moving POSTs need an Idempotency-Key.
 */
export const walletApi = {
  get: signedInEndpoint({
    method: 'GET',
    path: '/api/wallet',
    summary: "The caller's balance, held amount and recent transactions",
    responses: { 200: walletSchema },
  }),
  createTopUp: signedInEndpoint({
    method: 'POST',
    path: '/api/wallet/top-ups',
    summary: 'Start a top-up with the payment provider',
    idempotent: true,
    body: topUpBodySchema,
    responses: { 201: topUpSchema },
  }),
  getTopUp: signedInEndpoint({
    method: 'GET',
    path: '/api/wallet/top-ups/:id',
    summary: "One of the caller's top-ups, as the server knows it (polled until the provider's event lands)",
    params: paymentIdParamsSchema,
    responses: { 200: paymentSchema },
  }),
  demoConfirm: signedInEndpoint({
    method: 'POST',
    path: '/api/wallet/top-ups/:id/demo-confirm',
    summary: "The demo provider's card form: confirm a top-up with a test card",
    idempotent: true,
    params: paymentIdParamsSchema,
    body: demoConfirmBodySchema,
    responses: { 200: paymentSchema },
  }),
};
