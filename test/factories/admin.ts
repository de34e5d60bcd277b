import type { AuthSession } from '#contracts/auth';
import type { AdminRole } from '#domain/auth/permissions';
import type { App } from '#server/app';
import type { Database } from '#server/db/client';
import { adminUsers } from '#server/db/schema/index';
import { totpCode, totpStep } from '#server/modules/auth/factors/totp';
import { bearer, signUp } from '../support/auth';

/**
 * Enrols and verifies a TOTP factor through the API at the app's clock; returns the aal2 session.
 * `now` must be the app's (manual) clock time.
 */
export async function elevateWithTotp(
  app: App,
  session: AuthSession,
  now: Date,
): Promise<AuthSession & { factorSecret: string }> {
  const enrolled = await app.inject({
    method: 'POST',
    url: '/auth/v1/factors',
    headers: bearer(session),
    payload: { factor_type: 'totp' },
  });
  if (enrolled.statusCode !== 200) throw new Error(`enrol failed: ${enrolled.body}`);
  const { id, totp } = enrolled.json<{ id: string; totp: { secret: string } }>();
  const challenge = await app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${id}/challenge`,
    headers: bearer(session),
  });
  const verified = await app.inject({
    method: 'POST',
    url: `/auth/v1/factors/${id}/verify`,
    headers: bearer(session),
    payload: {
      challenge_id: challenge.json<{ id: string }>().id,
      code: totpCode(totp.secret, totpStep(now)),
    },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { ...verified.json<AuthSession>(), refresh_token: session.refresh_token, factorSecret: totp.secret };
}

/** A new account made an admin of the given role (active or not), signed in with aal2 unless told otherwise. */
export async function insertAdmin(
  app: App,
  db: Database,
  now: Date,
  adminRole: AdminRole,
  options: { isActive?: boolean; aal2?: boolean } = {},
) {
  const { session, email } = await signUp(app, { data: { full_name: `Admin ${adminRole}` } });
  await db
    .insert(adminUsers)
    .values({ userId: session.user.id, adminRole, isActive: options.isActive ?? true });
  const elevated = options.aal2 === false ? session : await elevateWithTotp(app, session, now);
  return { email, session: elevated, userId: session.user.id };
}
