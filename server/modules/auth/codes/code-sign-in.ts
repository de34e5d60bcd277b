import type { AuthSession } from '#contracts/auth';
import { AppError } from '#domain/errors/app-error';
import type { AccountFlowDeps } from '../accounts/accounts';
import type { OneTimeTokenKind } from '../auth.repository';
import type { RequestContext } from '../sessions/session.service';
import type { OneTimeCodes } from './one-time-codes';

/** Signing in with a code sent by email or SMS: sign-in codes, confirmations, password recovery, resends. */
export function createCodeSignIn(deps: AccountFlowDeps & { codes: OneTimeCodes }) {
  const { db, repository, clock, accounts, codes } = deps;

  return {
    /** Sends a sign-in code. Unknown addresses get an account when create_user allows, else nothing (no enumeration). */
    async requestOtp(input: {
      email?: string;
      phone?: string;
      createUser?: boolean;
      data?: Record<string, unknown>;
    }) {
      if (!input.email && !input.phone)
        throw new AppError('VALIDATION_ERROR', 'You must provide either an email or phone number');
      await db.transaction(async (tx) => {
        let user = await accounts.findByAddress(tx, input);
        if (!user && input.createUser !== false) {
          user = await accounts.createAccount(tx, input, {
            encryptedPassword: null,
            userMetadata: input.data ?? {},
            fullName: null,
          });
        }
        if (user) await codes.sendCode(tx, user, 'otp', input);
        else await codes.claimSendSlot(tx, (input.email ?? input.phone) as string);
      });
    },

    /** POST /verify: a code from a message proves the address; most types then sign the person in. */
    async verify(
      input: {
        type: 'signup' | 'email' | 'sms' | 'recovery' | 'email_change' | 'phone_change' | 'magiclink';
        token: string;
        email?: string;
        phone?: string;
      },
      context: RequestContext,
    ): Promise<AuthSession> {
      const session = await db.transaction(async (tx) => {
        const now = clock.now();
        // Email and phone changes are confirmed by the signed-in person: see confirmChange.
        if (input.type === 'email_change' || input.type === 'phone_change')
          throw new AppError('INVALID_CODE');
        let user = await accounts.findByAddress(tx, input);
        const kinds: OneTimeTokenKind[] =
          input.type === 'signup'
            ? ['confirmation']
            : input.type === 'recovery'
              ? ['recovery']
              : ['otp', 'confirmation'];
        if (!user) throw new AppError('INVALID_CODE');
        const token = await codes.consumeCode(tx, user, kinds, input.token);
        // Returned, not thrown: the wrong try is committed and counts towards locking the code.
        if (!token) return null;
        accounts.assertNotBanned(user);
        const confirmsEmail = token.relatesTo === user.email;
        user = await repository.updateUser(tx, user.id, {
          ...(confirmsEmail && !user.emailConfirmedAt ? { emailConfirmedAt: now } : {}),
          ...(token.relatesTo === user.phone && !user.phoneConfirmedAt ? { phoneConfirmedAt: now } : {}),
          updatedAt: now,
        });
        const method = token.kind === 'recovery' ? 'recovery' : 'otp';
        await deps.securityEvents.record(tx, {
          type: 'USER_SIGNED_IN',
          userId: user.id,
          details: { method },
          context,
        });
        return deps.sessions.start(tx, user, { method, context });
      });
      if (!session) throw new AppError('INVALID_CODE');
      return session;
    },

    async recover(email: string) {
      await db.transaction(async (tx) => {
        const user = await repository.findUserByEmail(tx, email);
        if (user) await codes.sendCode(tx, user, 'recovery', { email });
        else await codes.claimSendSlot(tx, email);
      });
    },

    async resend(input: {
      type: 'signup' | 'sms' | 'email_change' | 'phone_change';
      email?: string;
      phone?: string;
    }) {
      if (!input.email && !input.phone)
        throw new AppError('VALIDATION_ERROR', 'You must provide either an email or phone number');
      await db.transaction(async (tx) => {
        const user = await accounts.findByAddress(tx, input);
        if (!user) {
          await codes.claimSendSlot(tx, (input.email ?? input.phone) as string);
          return;
        }
        const kind: OneTimeTokenKind =
          input.type === 'signup' ? 'confirmation' : input.type === 'sms' ? 'otp' : input.type;
        await codes.sendCode(tx, user, kind, input);
      });
    },
  };
}
