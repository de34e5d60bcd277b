import { ApiError } from '#web/lib/api-client';

/**
 * Waits before each automatic retry of a send that did not reach the server: three more tries over
 * about seven seconds, then the person is told (SPEC §8 'Error sending message') and may Retry.
 */
export const SEND_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

/** Worth trying again with the same id: the request may not have arrived, or the server failed. */
export function isRetryableSendError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return error instanceof TypeError;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` and, while it fails with a network or server error, runs it again after each of
 * `delaysMs`. The caller sends the same message id every time, so a try that did reach the server is
 * answered 200 with that message instead of a second one. A refusal (4xx) is not retried.
 */
export async function sendWithRetry<T>(
  attempt: () => Promise<T>,
  delaysMs: readonly number[] = SEND_RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delaysMs[tried];
      if (delay === undefined || !isRetryableSendError(error)) throw error;
      await sleep(delay);
    }
  }
}
