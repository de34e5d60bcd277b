import type { AuthUser } from '#contracts/auth';
import type { OAuthProvider } from '#contracts/oauth';
import { unverifiedFactorsSince } from '#domain/auth/session-policy';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { Database, DbExecutor } from '#server/db/client';
import type { SecurityEventsService } from '#server/modules/security-events/security-events.service';
import type { AuthRepository, UserRow } from '../auth.repository';
import { toAuthUser, type AmrEntry, type RequestContext } from '../sessions/session.service';
import type { ProviderClaims } from './oauth.oidc-client';

/** Linking and unlinking need a sign-in (or second-factor check) this recent, like other sensitive changes. */
const RECENT_SIGN_IN_MS = 5 * 60_000;
const FRESH_METHODS = new Set(['password', 'otp', 'recovery', 'oauth', 'totp']);

export const PROVIDER: OAuthProvider = 'google';

export type OAuthCaller = { userId: string; sessionId: string; aal: 'aal1' | 'aal2'; amr: AmrEntry[] };

const stringOr = (value: unknown, fallback: string | null = null) =>
  typeof value === 'string' && value !== '' ? value : fallback;

function providersOf(user: UserRow): string[] {
  const providers = user.appMetadata.providers;
  return Array.isArray(providers)
    ? providers.filter((entry): entry is string => typeof entry === 'string')
    : [];
}

/**
 * Provider identities: the account a Google identity belongs to (found, claimed or created), and
 * linking and unlinking identities on the signed-in person's account.
 */
export function createOAuthIdentities(deps: {
  db: Database;
  authRepository: AuthRepository;
  securityEvents: SecurityEventsService;
  clock: Clock;
}) {
  const { db, authRepository, clock } = deps;

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
        context,
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
      context,
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

  return {
    assertNotBanned,
    assertFreshSignIn,
    resolveUser,

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
          context,
        });
        const factors = await authRepository.findFactors(tx, user.id, {
          unverifiedSince: unverifiedFactorsSince(clock.now()),
        });
        return toAuthUser(updated, remaining, factors);
      });
    },
  };
}

export type OAuthIdentities = ReturnType<typeof createOAuthIdentities>;
