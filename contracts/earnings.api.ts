import { EARNINGS_MESSAGES, earningsQuerySchema, earningsSchema } from './earnings';
import { endpointGroup } from './endpoint';

const endpoint = endpointGroup('Earnings');
const coachEndpoint = endpoint.as({ role: 'coach', forbidden: EARNINGS_MESSAGES.coachOnly });

/**
 * The calling coach's earnings (/revenue and /manage-revenue). There is no way to
 * name another coach: every endpoint reads the caller's own ledger accounts and sessions.
 */
export const earningsApi = {
  summary: coachEndpoint({
    method: 'GET',
    path: '/api/earnings',
    summary: 'Balances, the series, earnings by format, a page of sessions and recent transactions',
    query: earningsQuerySchema,
    responses: { 200: earningsSchema },
  }),
  exportCsv: coachEndpoint({
    method: 'GET',
    path: '/api/earnings/export.csv',
    summary: "Every one of the coach's transactions as a CSV file",
    // text/csv, not JSON.
    responses: { 200: null },
  }),
};
