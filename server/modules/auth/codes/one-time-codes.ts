import { randomInt } from 'node:crypto';
import type { Clock } from '#domain/clock';
import { AppError } from '#domain/errors/app-error';
import type { DbExecutor } from '#server/db/client';
import type { OutboxService } from '#server/modules/outbox/outbox.service';
import { AuthApiError } from '../auth-errors';
import type { AuthRepository, OneTimeTokenKind, UserRow } from '../auth.repository';
import { sha256 } from '../sessions/tokens';

/** One-time codes: 6 digits, valid 10 minutes (ASVS 6.5.5), 5 wrong tries, 1 send per 60 s and 5 per hour per address. */
const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_FAILURES = 5;
const SEND_INTERVAL_MS = 60_000;
const SENDS_PER_HOUR = 5;

const newCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** The codes sent by email or SMS (confirmation, sign-in, recovery, reauthentication, address changes). */
export function createOneTimeCodes(deps: {
  repository: AuthRepository;
  outbox: OutboxService;
  clock: Clock;
  publicUrl: string;
}) {
  const { repository, clock } = deps;

  /**
   * Rate limit for codes sent to one address: 1 per minute, 5 per hour. Counted per request, known
   * address or not, under a lock on the address, so parallel requests cannot both pass and the
   * answer never reveals whether an account exists.
   */
  async function claimSendSlot(executor: DbExecutor, address: string) {
    const addressHash = sha256(address.toLowerCase());
    await repository.lockAddress(executor, addressHash);
    const now = clock.now().getTime();
    const lastMinute = await repository.countCodeRequestsSince(
      executor,
      addressHash,
      new Date(now - SEND_INTERVAL_MS),
    );
    const sendLimit = address.includes('@') ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit';
    if (lastMinute > 0) {
      throw new AuthApiError(
        'RATE_LIMITED',
        sendLimit,
        'Please wait a minute before asking for another code.',
        {
          retryAfterSeconds: 60,
        },
      );
    }
    const lastHour = await repository.countCodeRequestsSince(
      executor,
      addressHash,
      new Date(now - 3_600_000),
    );
    if (lastHour >= SENDS_PER_HOUR) {
      throw new AuthApiError(
        'RATE_LIMITED',
        sendLimit,
        'Too many codes were sent to this address. Please try again later.',
        { retryAfterSeconds: 3600 },
      );
    }
    await repository.insertCodeRequest(executor, addressHash, clock.now());
  }

  /** Creates a code, stores its hash and queues the message, in the caller's transaction. */
  async function sendCode(
    executor: DbExecutor,
    user: UserRow,
    kind: OneTimeTokenKind,
    address: { email?: string; phone?: string },
  ) {
    const destination = address.email ?? address.phone;
    if (!destination) throw new AppError('VALIDATION_ERROR');
    await claimSendSlot(executor, destination);
    const code = newCode();
    const now = clock.now();
    await repository.insertOneTimeToken(executor, {
      userId: user.id,
      kind,
      relatesTo: destination,
      tokenHash: sha256(`${user.id}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    const purpose: Record<OneTimeTokenKind, { subject: string; line: string }> = {
      confirmation: {
        subject: 'Confirm your Wellspring account',
        line: 'Welcome to Wellspring! Confirm your address with this code',
      },
      recovery: { subject: 'Reset your Wellspring password', line: 'Use this code to choose a new password' },
      otp: { subject: 'Your Wellspring sign-in code', line: 'Use this code to sign in' },
      reauthentication: {
        subject: 'Confirm it is you',
        line: 'Use this code to confirm a change to your account',
      },
      email_change: {
        subject: 'Confirm your new email address',
        line: 'Use this code to confirm your new email address',
      },
      phone_change: {
        subject: 'Confirm your new phone number',
        line: 'Use this code to confirm your new phone number',
      },
    };
    const { subject, line } = purpose[kind];
    const text = `${line}: ${code}\n\nThe code expires in 10 minutes. If you did not ask for it, you can ignore this message.`;
    await deps.outbox.enqueue(executor, {
      channel: address.email ? 'email' : 'sms',
      recipient: destination,
      template: `auth_${kind}`,
      subject: address.email ? subject : undefined,
      bodyText: address.email ? `${text}\n\n${deps.publicUrl}` : `Wellspring: ${line.toLowerCase()}: ${code}`,
      data: { kind },
    });
  }

  /** Checks a code; on success marks it used and returns its row. Wrong codes count towards a lock. */
  async function consumeCode(executor: DbExecutor, user: UserRow, kinds: OneTimeTokenKind[], code: string) {
    const now = clock.now();
    for (const kind of kinds) {
      const token = await repository.findLatestOneTimeToken(executor, user.id, kind);
      if (!token || token.usedAt || token.expiresAt <= now || token.failedAttempts >= CODE_MAX_FAILURES)
        continue;
      if (token.tokenHash === sha256(`${user.id}:${code}`)) {
        await repository.updateOneTimeToken(executor, token.id, { usedAt: now });
        return token;
      }
      await repository.updateOneTimeToken(executor, token.id, { failedAttempts: token.failedAttempts + 1 });
    }
    return null;
  }

  return { claimSendSlot, sendCode, consumeCode };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
