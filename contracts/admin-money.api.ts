import {
  holdIdParamsSchema,
  platformRevenueQuerySchema,
  platformRevenueSchema,
  refundBodySchema,
  refundResultSchema,
  sessionPaymentsPageSchema,
  sessionPaymentsQuerySchema,
} from './admin-money';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Admin: money');
const viewPlatformRevenueEndpoint = endpoint.as({ admin: 'view_platform_revenue' });
const viewRevenueEndpoint = endpoint.as({ admin: 'view_revenue' });
const managePayoutsEndpoint = endpoint.as({ admin: 'manage_payouts' });

/**
 * Financial admin money endpoints, each behind an admin permission (active
 * admin, aal2, SPEC §6): view_revenue lists session payments, manage_payouts refunds (a money-moving
 * POST: Idempotency-Key required), view_platform_revenue reads and exports platform revenue.
 */
export const adminMoneyApi = {
  listPayments: viewRevenueEndpoint({
    method: 'GET',
    path: '/api/admin/session-payments',
    summary: 'Session payments (holds), searchable, with what was refunded of each',
    query: sessionPaymentsQuerySchema,
    responses: { 200: sessionPaymentsPageSchema },
  }),
  refund: managePayoutsEndpoint({
    method: 'POST',
    path: '/api/admin/session-payments/:holdId/refunds',
    summary: "Refund a captured session payment, in full or in part, to the client's wallet (audit-logged)",
    idempotent: true,
    params: holdIdParamsSchema,
    body: refundBodySchema,
    responses: { 201: refundResultSchema },
  }),
  platformRevenue: viewPlatformRevenueEndpoint({
    method: 'GET',
    path: '/api/admin/platform-revenue',
    summary: "The platform's revenue over a range: totals, the series, by format and recent captures",
    query: platformRevenueQuerySchema,
    responses: { 200: platformRevenueSchema },
  }),
  exportPlatformRevenueCsv: viewPlatformRevenueEndpoint({
    method: 'GET',
    path: '/api/admin/platform-revenue/export.csv',
    summary: "The platform's revenue over a range as a CSV file (audit-logged)",
    query: platformRevenueQuerySchema,
    // text/csv, not JSON.
    responses: { 200: null },
  }),
};
