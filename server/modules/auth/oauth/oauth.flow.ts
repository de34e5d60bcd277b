import type { AuthSession } from '#contracts/auth';
import { GOOGLE_CALLBACK_PATH, toInternalPath } from '#contracts/oauth';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository } from '../auth.repository';
import type { RequestContext, SessionService } from '../sessions/session.service';
import { randomToken, sha256 } from '../sessions/tokens';
import { PROVIDER, type OAuthCaller, type OAuthIdentities } from './oauth.identities';
import { OidcError, type OidcClient, type ProviderClaims } from './oauth.oidc-client';
import type { OAuthFlowRow, OAuthRepository } from './oauth.repository';

/** A sign-in started at the provider must come back within 10 minutes, once. */
const FLOW_TTL_MS = 10 * 60_000;
/** Our one-time code on the return page must be exchanged within 5 minutes, once. */
const AUTH_CODE_TTL_MS = 5 * 60_000;
/** Expired flows are deleted this long after they expired. */
const FLOW_RETENTION_MS = 24 * 3_600_000;

const LINK_EXPIRED = 'This sign-in link has expired or was already used. Please start again.';
const NOT_CONFIRMED = 'We could not confirm your Google sign-in. Please try again.';

type Refusal = { error: string; description: string; reason: string };

/**
 * The redirect flow (OpenID Connect authorization code + PKCE, through the OIDC client): start,
 * the provider's callback, and the exchange of our one-time code for a session.
 *
 * Two PKCE pairs protect the round trip: ours with Google (the provider verifier never leaves the
 * server) and the browser's with us (only its S256 challenge is stored; the one-time auth code on
 * the return page is useless without the verifier kept in that browser tab).
 */
export function createOAuthFlow(deps: {
  db: Database;
  authRepository: AuthRepository;
  oauthRepository: OAuthRepository;
  identities: OAuthIdentities;
  sessions: SessionService;
  securityEvents: SecurityEventsService;
  oidc: OidcClient;
  clock: Clock;
}) {
  const { db, authRepository, oauthRepository, identities, clock } = deps;

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
        context,
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
      await identities.assertFreshSignIn(caller);
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
          const user = await identities.resolveUser(tx, claims, flow, context);
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
            context,
          });
          return { kind: 'refused' as const };
        }
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method: 'oauth', provider: PROVIDER },
          context,
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
  };
}
