import { SESSION_EXTENSION_PENDING_MS, type SessionExtension } from '#contracts/session-extensions';
import { formatCents } from '#web/lib/money';

/** How long the coach has to answer an ask, in words. */
export const ANSWER_WINDOW = `${Math.round(SESSION_EXTENSION_PENDING_MS / 60_000)} minutes`;

/** m:ss until `at`, within the answer window (a browser clock a little behind the server's never shows more). */
export function countdown(at: string, now: number): string {
  const seconds = Math.min(
    SESSION_EXTENSION_PENDING_MS / 1000,
    Math.max(0, Math.ceil((Date.parse(at) - now) / 1000)),
  );
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The toast telling the client or the coach how an ask ended (or that it was made: none). */
export function outcomeMessage(
  extension: SessionExtension,
  role: 'coach' | 'client',
): { title: string; description: string } | null {
  const price = formatCents(extension.price);
  const minutes = `${extension.minutes} minutes`;
  if (role === 'client')
    switch (extension.status) {
      case 'accepted':
        return {
          title: `${minutes} added`,
          description: `${extension.coach_name} accepted. ${price} is paid with the session when it ends.`,
        };
      case 'declined':
        return {
          title: 'More time declined',
          description: `${extension.coach_name} declined. ${price} is back in your wallet.`,
        };
      case 'expired':
        return {
          title: 'More time not added',
          description: `${extension.coach_name} didn't accept in time. ${price} is back in your wallet.`,
        };
      case 'cancelled':
        return { title: 'Request cancelled', description: `${price} is back in your wallet.` };
      default:
        return null;
    }
  switch (extension.status) {
    case 'accepted':
      return {
        title: `${minutes} added`,
        description: `The session with ${extension.client_name} is longer now.`,
      };
    case 'declined':
      return { title: 'More time declined', description: `${extension.client_name} gets ${price} back.` };
    case 'cancelled':
      return {
        title: 'Request withdrawn',
        description: `${extension.client_name} cancelled the request for ${minutes} more.`,
      };
    case 'expired':
      return {
        title: 'Request expired',
        description: `The request for ${minutes} more was not answered in time.`,
      };
    default:
      return null;
  }
}
