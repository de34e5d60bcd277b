import { createHash } from 'node:crypto';
import type { AuthSession, AuthUser } from '../../../../contracts/auth';
import { unverifiedFactorsSince } from '../../../../domain/auth/session-policy';
import { GOOGLE_CALLBACK_PATH, toInternalPath, type OAuthProvider } from '../../../../contracts/oauth';
import type { Clock } from '../../../../domain/clock';
import { AppError } from '../../../../domain/errors/app-error';
import type { Database, DbExecutor } from '../../../db/client';
import type { SecurityEventsService } from '../../security-events/security-events.service';
import type { AuthRepository, UserRow } from '../auth.repository';
import { toAuthUser, type AmrEntry, type RequestContext, type SessionService } from '../session.service';
import { randomToken, sha256 } from '../tokens';
import { OidcError, type OidcClient, type ProviderClaims } from './oauth.oidc-client';
import type { OAuthFlowRow, OAuthRepository } from './oauth.repository';

/** A sign-in started at the provider must come back within 10 minutes, once. */
const FLOW_TTL_MS = 10 * 60_000;
/** Our one-time code on the return page must be exchanged within 5 minutes, once. */
const AUTH_CODE_TTL_MS = 5 * 60_000;
/** Expired flows are deleted this long after they expired. */
const FLOW_RETENTION_MS = 24 * 3_600_000;
/** Linking and unlinking need a sign-in (or second-factor check) this recent, like other sensitive changes. */
const RECENT_SIGN_IN_MS = 5 * 60_000;
const FRESH_METHODS = new Set(['password', 'otp', 'recovery', 'oauth', 'totp']);

const PROVIDER: OAuthProvider = 'google';

const LINK_EXPIRED = 'This sign-in link has expired or was already used. Please start again.';
const NOT_CONFIRMED = 'We could not confirm your Google sign-in. Please try again.';

export type OAuthCaller = { userId: string; sessionId: string; aal: 'aal1' | 'aal2'; amr: AmrEntry[] };
type Refusal = { error: string; description: string; reason: string };

const stringOr = (value: unknown, fallback: string | null = null) =>
  typeof value === 'string' && value !== '' ? value : fallback;

/** Google's one-tap convention (as in supabase/auth): the token carries hex SHA-256 of the nonce the browser keeps. */
const hashedNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function providersOf(user: UserRow): string[] {
  const providers = user.appMetadata.providers;
  return Array.isArray(providers)
    ? providers.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * Sign-in with Google (OpenID Connect authorization code + PKCE, through the OIDC client) and
 * linking/unlinking of provider identities.
 *
 * Two PKCE pairs protect the round trip: ours with Google (the provider verifier never leaves the
 * server) and the browser's with us (only its S256 challenge is stored; the one-time auth code on
 * the return page is useless without the verifier kept in that browser tab).
 */
export function createOAuthService(deps: {
  db: Database;
  authRepository: AuthRepository;
  oauthRepository: OAuthRepository;
  sessions: SessionService;
  securityEvents: SecurityEventsService;
  oidc: OidcClient;
  clock: Clock;
}) {
  const { db, authRepository, oauthRepository, clock } = deps;

  function assertNotBanned(user: UserRow) {
    if (user.bannedUntil && user.bannedUntil > clock.now()) throw new AppError('INVALID_CREDENTIALS');
  }

  /** Linking and unlinking change how the account can be entered: a fresh sign-in, and aal2 when a factor exists. */
  async function assertFreshSignIn(caller: OAuthCaller) {
    const factors = await authRepository.findFactors(db, caller.userId);
    if (factors.some((factor) => factor.status === 'verified') && caller.aal !== 'aal2')
      throw new AppError('INSUFFICIENT_AAL');
    const now = clock.now().getTime();
    const recent = caller.amr.some(
      (entry) => FRESH_METHODS.has(entry.method) && now - entry.timestamp * 1000 < RECENT_SIGN_IN_MS,
    );
    if (!recent)
      throw new AppError('REAUTHENTICATION_NEEDED', 'Please sign in again to change how you sign in.');
  }

  function identityData(claims: ProviderClaims): Record<string, unknown> {
    return {
      iss: claims.issuer,
      sub: claims.sub,
      provider_id: claims.sub,
      email: claims.email,
      email_verified: claims.emailVerified,
      ...(claims.name ? { name: claims.name, full_name: claims.name } : {}),
      ...(claims.picture ? { picture: claims.picture, avatar_url: claims.picture } : {}),
    };
  }

  async function attachIdentity(
    tx: DbExecutor,
    user: UserRow,
    claims: ProviderClaims,
    isNew: boolean,
    context: RequestContext,
  ) {
    const now = clock.now();
    await authRepository.upsertIdentity(tx, {
      userId: user.id,
      provider: PROVIDER,
      providerId: claims.sub,
      identityData: identityData(claims),
      createdAt: now,
      lastSignInAt: now,
    });
    // Profile details the person has not set yet come from Google; what they chose themselves stays.
    const metadata = { ...user.userMetadata };
    if (claims.name && !stringOr(metadata.full_name)) metadata.full_name = claims.name;
    if (claims.picture && !stringOr(metadata.avatar_url)) metadata.avatar_url = claims.picture;
    const providers = providersOf(user);
    const updated = await authRepository.updateUser(tx, user.id, {
      userMetadata: metadata,
      appMetadata: {
        ...user.appMetadata,
        provider: stringOr(user.appMetadata.provider, PROVIDER),
        providers: providers.includes(PROVIDER) ? providers : [...providers, PROVIDER],
      },
      updatedAt: now,
    });
    await authRepository.insertProfile(tx, {
      userId: user.id,
      fullName: stringOr(metadata.full_name),
      email: user.email,
      avatarUrl: stringOr(metadata.avatar_url),
      createdAt: now,
      updatedAt: now,
    });
    if (isNew) {
      await deps.securityEvents.record(tx, {
        type: 'IDENTITY_LINKED',
        userId: user.id,
        details: { provider: PROVIDER },
        ip: context.ip,
        requestId: context.requestId,
      });
    }
    return updated;
  }

  async function createUser(
    tx: DbExecutor,
    claims: ProviderClaims,
    roleHint: string | null,
    context: RequestContext,
  ) {
    const now = clock.now();
    const user = await authRepository.insertUser(tx, {
      email: claims.email,
      emailConfirmedAt: claims.email && claims.emailVerified ? now : null,
      userMetadata: {
        ...(claims.name ? { full_name: claims.name, name: claims.name } : {}),
        ...(claims.picture ? { avatar_url: claims.picture, picture: claims.picture } : {}),
        ...(claims.email ? { email: claims.email, email_verified: claims.emailVerified } : {}),
        ...(roleHint === 'client' || roleHint === 'coach' ? { role: roleHint } : {}),
        iss: claims.issuer,
        sub: claims.sub,
        provider_id: claims.sub,
      },
      appMetadata: { provider: PROVIDER, providers: [PROVIDER] },
      createdAt: now,
      updatedAt: now,
    });
    await deps.securityEvents.record(tx, {
      type: 'USER_SIGNED_UP',
      userId: user.id,
      details: { provider: PROVIDER },
      ip: context.ip,
      requestId: context.requestId,
    });
    return attachIdentity(tx, user, claims, false, context);
  }

  /**
   * The account a provider identity belongs to: the linking person's, the one already holding the
   * identity, the one with the same address when Google vouches for it, or a new one.
   */
  async function resolveUser(
    tx: DbExecutor,
    claims: ProviderClaims,
    flow: { linkUserId: string | null; roleHint: string | null },
    context: RequestContext,
  ): Promise<UserRow> {
    const now = clock.now();
    const identity = await authRepository.findIdentity(tx, PROVIDER, claims.sub);

    if (flow.linkUserId) {
      if (identity && identity.userId !== flow.linkUserId) {
        throw new AppError(
          'CONFLICT',
          'This Google account is already linked to another Wellspring account.',
        );
      }
      const user = await authRepository.findUserById(tx, flow.linkUserId, { forUpdate: true });
      if (!user) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
      return attachIdentity(tx, user, claims, identity === null, context);
    }

    if (identity) {
      const user = await authRepository.findUserById(tx, identity.userId, { forUpdate: true });
      if (!user) throw new AppError('INVALID_CREDENTIALS');
      assertNotBanned(user);
      return attachIdentity(tx, user, claims, false, context);
    }

    const existing = claims.email ? await authRepository.findUserByEmail(tx, claims.email) : null;
    if (!existing) return createUser(tx, claims, flow.roleHint, context);

    if (!claims.emailVerified) {
      throw new AppError(
        'USER_ALREADY_EXISTS',
        'An account with this email address already exists. Sign in with your email, then link Google in your settings.',
      );
    }
    assertNotBanned(existing);
    let user = existing;
    if (!existing.emailConfirmedAt) {
      // Whoever created this account never proved the address; Google just did. Anything they set up
      // (password, sessions, authenticator) goes, so an account made in someone else's name cannot
      // be kept open behind their back (pre-account-takeover defence).
      user = await authRepository.updateUser(tx, existing.id, {
        encryptedPassword: null,
        emailConfirmedAt: now,
        updatedAt: now,
      });
      await authRepository.endSessions(tx, existing.id, now, 'claimed_by_verified_owner');
      for (const factor of await authRepository.findFactors(tx, existing.id))
        await authRepository.deleteFactor(tx, factor.id);
    }
    return attachIdentity(tx, user, claims, true, context);
  }

  async function startFlow(input: {
    codeChallenge: string;
    redirectTo: string | undefined;
    role?: 'client' | 'coach';
    linkUserId: string | null;
  }) {
    const now = clock.now();
    const state = randomToken(32);
    const nonce = randomToken(32);
    const providerCodeVerifier = randomToken(48);
    let url: string;
    try {
      url = await deps.oidc.authorizationUrl({ state, nonce, codeVerifier: providerCodeVerifier });
    } catch (error) {
      if (error instanceof OidcError) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Google sign-in is not available right now. Please try again in a few minutes.',
          { cause: error },
        );
      }
      throw error;
    }
    await oauthRepository.deleteFlowsExpiredBefore(db, new Date(now.getTime() - FLOW_RETENTION_MS));
    await oauthRepository.insertFlow(db, {
      provider: PROVIDER,
      stateHash: sha256(state),
      providerCodeVerifier,
      nonce,
      codeChallenge: input.codeChallenge,
      redirectTo: toInternalPath(input.redirectTo, input.linkUserId ? '/settings' : '/'),
      roleHint: input.role ?? null,
      linkUserId: input.linkUserId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    });
    return url;
  }

  const returnPage = (params: Record<string, string>) =>
    `${GOOGLE_CALLBACK_PATH}?${new URLSearchParams(params).toString()}`;

  async function refuse(refusal: Refusal, context: RequestContext, flow: OAuthFlowRow | null) {
    await db.transaction(async (tx) => {
      if (flow) await oauthRepository.updateFlow(tx, flow.id, { usedAt: clock.now() });
      await deps.securityEvents.record(tx, {
        type: 'SIGN_IN_FAILED',
        userId: flow?.linkUserId ?? null,
        severity: refusal.reason === 'unknown_state' ? 'warning' : 'info',
        details: { method: 'oauth', provider: PROVIDER, reason: refusal.reason },
        ip: context.ip,
        requestId: context.requestId,
      });
    });
    return returnPage({ error: refusal.error, error_description: refusal.description });
  }

  return {
    /** GET /authorize: remembers the flow and answers the provider's authorization URL. */
    async startSignIn(input: { codeChallenge: string; redirectTo?: string; role?: 'client' | 'coach' }) {
      return startFlow({ ...input, redirectTo: input.redirectTo, linkUserId: null });
    },

    /** GET /user/identities/authorize: the same, for attaching a Google account to the caller's account. */
    async startLink(caller: OAuthCaller, input: { codeChallenge: string; redirectTo?: string }) {
      await assertFreshSignIn(caller);
      return startFlow({ ...input, redirectTo: input.redirectTo, linkUserId: caller.userId });
    },

    /**
     * GET /callback: the provider's answer. Always ends in a redirect to the return page, with our
     * one-time code or with an error to show. `rawQuery` is the query string as received.
     */
    async completeCallback(
      query: { code?: string; state?: string; error?: string },
      rawQuery: string,
      context: RequestContext,
    ): Promise<string> {
      if (!query.state)
        return refuse(
          { error: 'invalid_request', description: LINK_EXPIRED, reason: 'missing_state' },
          context,
          null,
        );
      const authCode = randomToken(32);
      const flow = await oauthRepository.claimFlowByState(db, sha256(query.state), sha256(authCode));
      if (!flow)
        return refuse(
          { error: 'invalid_request', description: LINK_EXPIRED, reason: 'unknown_state' },
          context,
          null,
        );
      const now = clock.now();
      if (flow.expiresAt <= now)
        return refuse(
          { error: 'invalid_request', description: LINK_EXPIRED, reason: 'expired_state' },
          context,
          flow,
        );
      if (query.error) {
        // The provider's own description is not shown: anyone can put text in this URL.
        const cancelled = query.error === 'access_denied';
        const description = cancelled
          ? 'Google sign-in was cancelled.'
          : 'Google could not sign you in. Please try again.';
        return refuse(
          {
            error: cancelled ? 'access_denied' : 'server_error',
            description,
            reason: `provider_${query.error.slice(0, 40)}`,
          },
          context,
          flow,
        );
      }
      if (!query.code)
        return refuse(
          { error: 'invalid_request', description: NOT_CONFIRMED, reason: 'missing_code' },
          context,
          flow,
        );

      let claims: ProviderClaims;
      try {
        claims = await deps.oidc.exchangeCode(rawQuery, {
          state: query.state,
          nonce: flow.nonce,
          codeVerifier: flow.providerCodeVerifier,
        });
      } catch (error) {
        if (!(error instanceof OidcError)) throw error;
        const unavailable = error.reason === 'provider_unavailable';
        return refuse(
          {
            error: unavailable ? 'temporarily_unavailable' : 'server_error',
            description: unavailable
              ? 'Google sign-in is not available right now. Please try again in a few minutes.'
              : NOT_CONFIRMED,
            reason: `${error.reason}:${error.detail}`.slice(0, 120),
          },
          context,
          flow,
        );
      }

      try {
        await db.transaction(async (tx) => {
          const user = await resolveUser(tx, claims, flow, context);
          await oauthRepository.updateFlow(tx, flow.id, {
            userId: user.id,
            expiresAt: new Date(clock.now().getTime() + AUTH_CODE_TTL_MS),
          });
        });
      } catch (error) {
        if (error instanceof AppError) {
          return refuse(
            { error: 'access_denied', description: error.message, reason: error.code.toLowerCase() },
            context,
            flow,
          );
        }
        // Two first sign-ins of one person racing: the unique indexes decide, the loser starts again.
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
          return refuse(
            {
              error: 'server_error',
              description: 'Please try signing in with Google again.',
              reason: 'conflict',
            },
            context,
            flow,
          );
        }
        throw error;
      }
      return returnPage({ code: authCode, redirect_to: flow.redirectTo ?? '/' });
    },

    /** The return page's error for a failure the service did not foresee (logged by the route). */
    unexpectedErrorPage: () =>
      returnPage({
        error: 'server_error',
        error_description: 'Something went wrong while signing you in with Google. Please try again.',
      }),

    /** POST /token?grant_type=pkce: our one-time code plus the browser's verifier give a session. */
    async exchangePkce(
      authCode: string,
      codeVerifier: string,
      context: RequestContext,
    ): Promise<AuthSession> {
      const outcome = await db.transaction(async (tx) => {
        const now = clock.now();
        const flow = await oauthRepository.findFlowByAuthCodeForUpdate(tx, sha256(authCode));
        if (!flow || flow.usedAt || !flow.userId) return { kind: 'refused' as const };
        // One use, whatever happens next: a wrong verifier means the code may have been intercepted.
        await oauthRepository.updateFlow(tx, flow.id, { usedAt: now });
        const reason =
          flow.expiresAt <= now
            ? 'auth_code_expired'
            : sha256(codeVerifier) !== flow.codeChallenge
              ? 'pkce_mismatch'
              : null;
        const user = reason ? null : await authRepository.findUserById(tx, flow.userId);
        if (!user || (user.bannedUntil && user.bannedUntil > now)) {
          await deps.securityEvents.record(tx, {
            type: 'SIGN_IN_FAILED',
            userId: flow.userId,
            severity: reason === 'pkce_mismatch' ? 'warning' : 'info',
            details: { method: 'oauth', provider: PROVIDER, reason: reason ?? 'account_unavailable' },
            ip: context.ip,
            requestId: context.requestId,
          });
          return { kind: 'refused' as const };
        }
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method: 'oauth', provider: PROVIDER },
          ip: context.ip,
          requestId: context.requestId,
        });
        return {
          kind: 'ok' as const,
          session: await deps.sessions.start(tx, user, { method: 'oauth', context }),
        };
      });
      // Thrown after the commit, so the code stays used.
      if (outcome.kind === 'refused')
        throw new AppError(
          'INVALID_CODE',
          'This sign-in code is invalid, expired or already used. Please sign in again.',
        );
      return outcome.session;
    },

    /** POST /token?grant_type=id_token: an ID token Google gave the browser directly (one-tap). */
    async signInWithIdToken(
      idToken: string,
      nonce: string | undefined,
      context: RequestContext,
    ): Promise<AuthSession> {
      let claims: ProviderClaims;
      try {
        claims = await deps.oidc.verifyIdToken(idToken);
      } catch (error) {
        if (error instanceof OidcError && error.reason === 'provider_unavailable') {
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'Google sign-in is not available right now. Please try again in a few minutes.',
            { cause: error },
          );
        }
        throw new AppError(
          'INVALID_CREDENTIALS',
          'The Google sign-in could not be verified. Please try again.',
          { cause: error },
        );
      }
      // Either both carry a nonce or neither does; the token holds its SHA-256, the browser the original.
      if (
        (claims.nonce !== null || nonce !== undefined) &&
        (claims.nonce === null || nonce === undefined || hashedNonce(nonce) !== claims.nonce)
      ) {
        throw new AppError(
          'INVALID_CREDENTIALS',
          'The Google sign-in could not be verified. Please try again.',
        );
      }
      return db.transaction(async (tx) => {
        const user = await resolveUser(tx, claims, { linkUserId: null, roleHint: null }, context);
        assertNotBanned(user);
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method: 'oauth', provider: PROVIDER, grant: 'id_token' },
          ip: context.ip,
          requestId: context.requestId,
        });
        return deps.sessions.start(tx, user, { method: 'oauth', context });
      });
    },

    /** DELETE /user/identities/:id: removes a provider identity, never the last way in. */
    async unlinkIdentity(
      caller: OAuthCaller,
      identityId: string,
      context: RequestContext,
    ): Promise<AuthUser> {
      await assertFreshSignIn(caller);
      return db.transaction(async (tx) => {
        const user = await authRepository.findUserById(tx, caller.userId, { forUpdate: true });
        if (!user) throw new AppError('UNAUTHENTICATED');
        const identities = await authRepository.findIdentities(tx, user.id);
        const target = identities.find((identity) => identity.id === identityId);
        if (!target) throw new AppError('NOT_FOUND', 'This sign-in method is not linked to your account.');
        if (target.provider !== PROVIDER)
          throw new AppError('VALIDATION_ERROR', 'Only Google sign-in can be removed here.');
        const remaining = identities.filter((identity) => identity.id !== identityId);
        if (remaining.length === 0) {
          throw new AppError(
            'CONFLICT',
            'This is the only way to sign in to your account. Add another sign-in method before removing it.',
          );
        }
        await authRepository.deleteIdentity(tx, user.id, identityId);
        const providers = [...new Set(remaining.map((identity) => identity.provider))];
        const provider = stringOr(user.appMetadata.provider);
        const updated = await authRepository.updateUser(tx, user.id, {
          appMetadata: {
            ...user.appMetadata,
            provider: provider && providers.includes(provider) ? provider : providers[0],
            providers,
          },
          updatedAt: clock.now(),
        });
        await deps.securityEvents.record(tx, {
          type: 'IDENTITY_UNLINKED',
          userId: user.id,
          details: { provider: target.provider },
          ip: context.ip,
          requestId: context.requestId,
        });
        const factors = await authRepository.findFactors(tx, user.id, {
          unverifiedSince: unverifiedFactorsSince(clock.now()),
        });
        return toAuthUser(updated, remaining, factors);
      });
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
