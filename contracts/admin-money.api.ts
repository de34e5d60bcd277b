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

/**
 * Financial admin money endpoints, each behind an admin permission (active
 * admin, aal2, SPEC §6): view_revenue lists session payments, manage_payouts refunds (a money-moving
 * POST: Idempotency-Key required), view_platform_revenue reads and exports platform revenue.
 */
export const adminMoneyApi = {
  listPayments: endpoint({
    method: 'GET',
    path: '/api/admin/session-payments',
    summary: 'Session payments (holds), searchable, with what was refunded of each',
    access: { admin: 'view_revenue' },
    query: sessionPaymentsQuerySchema,
    responses: { 200: sessionPaymentsPageSchema },
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/admin/session-payments/:holdId/refunds',
    summary: "Refund a captured session payment, in full or in part, to the client's wallet (audit-logged)",
    access: { admin: 'manage_payouts' },
    idempotent: true,
    params: holdIdParamsSchema,
    body: refundBodySchema,
    responses: { 201: refundResultSchema },
  }),
  platformRevenue: endpoint({
    method: 'GET',
    path: '/api/admin/platform-revenue',
    summary: "The platform's revenue over a range: totals, the series, by format and recent captures",
    access: { admin: 'view_platform_revenue' },
    query: platformRevenueQuerySchema,
    responses: { 200: platformRevenueSchema },
  }),
  exportPlatformRevenueCsv: endpoint({
    method: 'GET',
    path: '/api/admin/platform-revenue/export.csv',
    summary: "The platform's revenue over a range as a CSV file (audit-logged)",
    access: { admin: 'view_platform_revenue' },
    query: platformRevenueQuerySchema,
    // text/csv, not JSON.
    responses: { 200: null },
  }),
};
