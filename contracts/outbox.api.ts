import { defineEndpoint } from './endpoint';
import { mailboxResponseSchema } from './outbox';

/**
 * The demo's stand-in for an inbox (only when no real email provider is configured, and only to
 * requests from this machine: it shows sign-in and reset codes for every address).
 */
export const mailboxApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    summary: 'Demo mailbox: the newest outgoing emails (loopback only)',
    tag: 'Demo mailbox',
    access: 'public',
    responses: { 200: mailboxResponseSchema },
  }),
} as const;
