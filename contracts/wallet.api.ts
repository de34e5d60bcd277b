import { defineEndpoint } from './endpoint';
import {
  demoConfirmBodySchema,
  paymentIdParamsSchema,
  paymentSchema,
  topUpBodySchema,
  topUpSchema,
  walletSchema,
} from './wallet';

const tag = 'Wallet';

/**
 * The caller's own wallet: balance and top-ups. Every endpoint acts on the caller's rows only;
 * someone else's payment answers 404. Money-moving POSTs need an Idempotency-Key.
 */
export const walletApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/wallet',
    summary: "The caller's balance, held amount and recent transactions",
    tag,
    access: 'signed-in',
    responses: { 200: walletSchema },
  }),
  createTopUp: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/top-ups',
    summary: 'Start a top-up with the payment provider',
    tag,
    access: 'signed-in',
    idempotent: true,
    body: topUpBodySchema,
    responses: { 201: topUpSchema },
  }),
  getTopUp: defineEndpoint({
    method: 'GET',
    path: '/api/wallet/top-ups/:id',
    summary: "One of the caller's top-ups, as the server knows it (polled until the provider's event lands)",
    tag,
    access: 'signed-in',
    params: paymentIdParamsSchema,
    responses: { 200: paymentSchema },
  }),
  demoConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/top-ups/:id/demo-confirm',
    summary: "The demo provider's card form: confirm a top-up with a test card",
    tag,
    access: 'signed-in',
    idempotent: true,
    params: paymentIdParamsSchema,
    body: demoConfirmBodySchema,
    responses: { 200: paymentSchema },
  }),
};
