import { quoteParamsSchema, quoteQuerySchema, quoteSchema } from './coupons';
import { defineEndpoint } from './endpoint';

/** The price of a session (SPEC §9), before anything is held. */
export const settlementApi = {
  quote: defineEndpoint({
    method: 'GET',
    path: '/api/coaches/:coachId/quote',
    summary: 'The price of a session with a coach, with an optional coupon checked for the caller',
    tag: 'Prices',
    access: 'signed-in',
    params: quoteParamsSchema,
    query: quoteQuerySchema,
    responses: { 200: quoteSchema },
  }),
};
