import { createHash } from 'node:crypto';
import type { AuthSession } from '#contracts/auth';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository } from '../auth.repository';
import type { RequestContext, SessionService } from '../sessions/session.service';
import { createOAuthFlow } from './oauth.flow';
import { createOAuthIdentities, PROVIDER } from './oauth.identities';
import { OidcError, type OidcClient, type ProviderClaims } from './oauth.oidc-client';
import type { OAuthRepository } from './oauth.repository';

export type { OAuthCaller } from './oauth.identities';

/** Google's one-tap convention (as in supabase/auth): the token carries hex SHA-256 of the nonce the browser keeps. */
const hashedNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/**
 * Sign-in with Google and linking/unlinking of provider identities: the redirect flow
 * (oauth.flow.ts), the ID token one-tap gives the browser (here), and which account an identity
 * belongs to (oauth.identities.ts).
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
  const { db } = deps;
  const identities = createOAuthIdentities(deps);
  const { resolveUser, assertNotBanned } = identities;

  return {
    ...createOAuthFlow({ ...deps, identities }),

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
          context,
        });
        return deps.sessions.start(tx, user, { method: 'oauth', context });
      });
    },

    unlinkIdentity: identities.unlinkIdentity,
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
