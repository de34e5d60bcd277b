import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { uuidPk, timestamptz, cents, timestamps } from './columns';

/**
 * Wallet top-ups and idempotency.
 *
 * idempotency_keys: one row per (user, Idempotency-Key). Inserted as 'in_flight' in the request's own
 * transaction (so a concurrent request with the same key waits on the row lock, then sees it), and
 * completed with the response in that SAME transaction: if the effects roll back, so does the key.
 */
export const IDEMPOTENCY_KEY_STATUSES = ['in_flight', 'completed'] as const;
export type IdempotencyKeyStatus = (typeof IDEMPOTENCY_KEY_STATUSES)[number];

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id', 'cascade'),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the canonical JSON request body. */
    requestHash: text('request_hash').notNull(),
    /** e.g. "POST /api/wallet/top-ups". */
    requestMethodPath: text('request_method_path').notNull(),
    status: text('status').$type<IdempotencyKeyStatus>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: timestamptz('created_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [table.userId, table.key] }),
    check('idempotency_keys_status_ck', sql`${table.status} in ('in_flight', 'completed')`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export const PAYMENT_STATUSES = ['created', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A card payment at a provider that tops up a client's wallet. Credited only from a provider event. */
export const payments = pgTable(
  'payments',
  {
    id: uuidPk(),
    userId: userRef('user_id'),
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    /** The provider's id (Stripe PaymentIntent id, demo "demo_pi_<uuid>"); null until created there. */
    providerPaymentId: text('provider_payment_id').unique('payments_provider_payment_id_uq'),
    /** Integer cents. */
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    failureReason: text('failure_reason'),
    ...timestamps(),
  },
  (table) => [
    check('payments_provider_ck', sql`${table.provider} in ('demo', 'stripe')`),
    check('payments_status_ck', sql`${table.status} in ('created', 'succeeded', 'failed', 'refunded')`),
    check('payments_amount_ck', sql`${table.amount} > 0`),
    index('payments_user_idx').on(table.userId, table.createdAt),
  ],
);

/** Provider events already applied; the (provider, event id) key deduplicates redeliveries. */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (table) => [primaryKey({ name: 'payment_provider_events_pk', columns: [table.provider, table.eventId] })],
);
