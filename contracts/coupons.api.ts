import {
  COUPON_MESSAGES,
  couponCreateBodySchema,
  couponIdParamsSchema,
  couponListSchema,
  couponSchema,
  couponUpdateBodySchema,
} from './coupons';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Coupons');
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: COUPON_MESSAGES.coachOnly });
const managePayoutsEndpoint = endpoint.as({ admin: 'manage_payouts' });
const viewRevenueEndpoint = endpoint.as({ admin: 'view_revenue' });

/**
 * Coupons: a coach's own coupons (someone else's answers 404), and the platform's
 * coupons (coach_id null) for financial admins, every change audit-logged. The price of a session with
 * a coupon is settlement's (contracts/settlement.api.ts).
 */
export const couponsApi = {
  list: coachEndpoint({
    method: 'GET',
    path: '/api/coupons',
    summary: "The calling coach's coupons, with their use counts",
    responses: { 200: couponListSchema },
  }),
  create: coachEndpoint({
    method: 'POST',
    path: '/api/coupons',
    summary: 'Create a coupon for sessions with the calling coach',
    body: couponCreateBodySchema,
    responses: { 201: couponSchema },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/coupons/:id',
    summary: "Change one of the calling coach's coupons",
    access: 'signed-in',
    params: couponIdParamsSchema,
    body: couponUpdateBodySchema,
    responses: { 200: couponSchema },
  }),
  platformList: viewRevenueEndpoint({
    method: 'GET',
    path: '/api/admin/coupons',
    summary: "The platform's coupons (good with any coach)",
    responses: { 200: couponListSchema },
  }),
  platformCreate: managePayoutsEndpoint({
    method: 'POST',
    path: '/api/admin/coupons',
    summary: 'Create a platform coupon (audit-logged)',
    body: couponCreateBodySchema,
    responses: { 201: couponSchema },
  }),
  platformUpdate: managePayoutsEndpoint({
    method: 'PATCH',
    path: '/api/admin/coupons/:id',
    summary: 'Change a platform coupon (audit-logged)',
    params: couponIdParamsSchema,
    body: couponUpdateBodySchema,
    responses: { 200: couponSchema },
  }),
};
