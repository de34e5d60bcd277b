import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRef, userKey } from './accounts';
import { uuidPk, timestamptz, timestamps, requiredRef } from './columns';

/** Authentication state: sign-in sessions, refresh tokens, one-time codes, second factors, identities, keys. */

export const aalEnum = pgEnum('aal_level', ['aal1', 'aal2']);

/** One sign-in on one device. Every access token names its session; ending the session ends them all. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    aal: aalEnum('aal').notNull().default('aal1'),
    /** How the person signed in (password, otp, oauth, totp…), newest last. */
    amr: jsonb('amr').$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull(),
    /** Last refresh: the idle timeout counts from here. */
    refreshedAt: timestamptz('refreshed_at').notNull(),
    /** Absolute end of the session, whatever the activity. */
    notAfter: timestamptz('not_after').notNull(),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason'),
  },
  (table) => [index('auth_sessions_user_idx').on(table.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes. A session's tokens form one rotation family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: requiredRef('session_id', () => authSessions.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_uq').on(table.tokenHash),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const oneTimeTokenKindEnum = pgEnum('one_time_token_kind', [
  'confirmation',
  'recovery',
  'otp',
  'reauthentication',
  'email_change',
  'phone_change',
]);

/** Codes sent by email or SMS (confirmation, recovery, sign-in code, re-authentication, changes). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    kind: oneTimeTokenKindEnum('kind').notNull(),
    /** The address the code was sent to (an email or a phone number). */
    relatesTo: text('relates_to').notNull(),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('one_time_tokens_lookup_idx').on(table.userId, table.kind)],
);

export const factorStatusEnum = pgEnum('factor_status', ['unverified', 'verified']);

/** TOTP second factors (RFC 6238). */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    friendlyName: text('friendly_name'),
    factorType: text('factor_type').notNull().default('totp'),
    status: factorStatusEnum('status').notNull().default('unverified'),
    /** Base32 TOTP secret. */
    secret: text('secret').notNull(),
    /** The newest time step accepted: a code is usable once. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    ...timestamps(),
  },
  (table) => [index('mfa_factors_user_idx').on(table.userId)],
);

export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuidPk(),
    factorId: requiredRef('factor_id', () => mfaFactors.id, 'cascade'),
    createdAt: timestamptz('created_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (table) => [index('mfa_challenges_factor_idx').on(table.factorId)],
);

/** How a person can sign in: email, phone, or an outside provider account (Google). */
export const identities = pgTable(
  'identities',
  {
    id: uuidPk(),
    userId: userRef('user_id', 'cascade'),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull(),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (table) => [
    uniqueIndex('identities_provider_uq').on(table.provider, table.providerId),
    index('identities_user_idx').on(table.userId),
  ],
);

/** ES256 keys that sign access tokens, shared by every instance through the database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull(),
  /** Published at creation, used for signing only from here on, so verifiers have it cached first. */
  activatesAt: timestamptz('activates_at').notNull(),
  retiresAt: timestamptz('retires_at'),
});

/** Consecutive failed sign-ins per account, for growing delays after 10 (shared by every instance). */
export const signInFailures = pgTable('sign_in_failures', {
  userId: userKey('user_id'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  failuresInWindow: integer('failures_in_window').notNull().default(0),
  lockedUntil: timestamptz('locked_until'),
});

/** OAuth sign-ins in progress (state, nonce and the PKCE challenge of the browser that started them). */
export const oauthFlows = pgTable(
  'oauth_flows',
  {
    id: uuidPk(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    providerCodeVerifier: text('provider_code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The browser's PKCE challenge for our own code exchange (grant_type=pkce). */
    codeChallenge: text('code_challenge').notNull(),
    redirectTo: text('redirect_to'),
    roleHint: text('role_hint'),
    /** Set when linking an identity to a signed-in account. */
    linkUserId: uuid('link_user_id'),
    /** After the provider answered: our one-time code and the user it signs in. */
    authCodeHash: text('auth_code_hash'),
    userId: uuid('user_id'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    uniqueIndex('oauth_flows_state_uq').on(table.stateHash),
    uniqueIndex('oauth_flows_code_uq')
      .on(table.authCodeHash)
      .where(sql`${table.authCodeHash} is not null`),
  ],
);

/**
 * Every request for a code, per address (hashed), whether or not an account uses the address: the
 * send limits then answer the same for known and unknown addresses, so they reveal no accounts.
 */
export const codeRequests = pgTable(
  'code_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    addressHash: text('address_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('code_requests_address_idx').on(table.addressHash, table.createdAt)],
);
