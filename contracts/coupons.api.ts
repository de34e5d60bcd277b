import {
  COUPON_MESSAGES,
  couponCreateBodySchema,
  couponIdParamsSchema,
  couponListSchema,
  couponSchema,
  couponUpdateBodySchema,
} from './coupons';
import { defineEndpoint } from './endpoint';

const tag = 'Coupons';
const asCoach = { role: 'coach', forbidden: COUPON_MESSAGES.coachOnly } as const;

/**
 * Coupons: a coach's own coupons (someone else's answers 404), and the platform's
 * coupons (coach_id null) for financial admins, every change audit-logged. The price of a session with
 * a coupon is settlement's (contracts/settlement.api.ts).
 */
export const couponsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/coupons',
    summary: "The calling coach's coupons, with their use counts",
    tag,
    access: asCoach,
    responses: { 200: couponListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/coupons',
    summary: 'Create a coupon for sessions with the calling coach',
    tag,
    access: asCoach,
    body: couponCreateBodySchema,
    responses: { 201: couponSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/coupons/:id',
    summary: "Change one of the calling coach's coupons",
    tag,
    access: 'signed-in',
    params: couponIdParamsSchema,
    body: couponUpdateBodySchema,
    responses: { 200: couponSchema },
  }),
  platformList: defineEndpoint({
    method: 'GET',
    path: '/api/admin/coupons',
    summary: "The platform's coupons (good with any coach)",
    tag,
    access: { admin: 'view_revenue' },
    responses: { 200: couponListSchema },
  }),
  platformCreate: defineEndpoint({
    method: 'POST',
    path: '/api/admin/coupons',
    summary: 'Create a platform coupon (audit-logged)',
    tag,
    access: { admin: 'manage_payouts' },
    body: couponCreateBodySchema,
    responses: { 201: couponSchema },
  }),
  platformUpdate: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/coupons/:id',
    summary: 'Change a platform coupon (audit-logged)',
    tag,
    access: { admin: 'manage_payouts' },
    params: couponIdParamsSchema,
    body: couponUpdateBodySchema,
    responses: { 200: couponSchema },
  }),
};
