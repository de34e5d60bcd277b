import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client';
import { isRetryableSendError, sendWithRetry } from './send-with-retry';

const network = () => new ApiError('SERVICE_UNAVAILABLE', 'Network error.', 0);
const noWait = () => Promise.resolve();

describe('sending with retries', () => {
  it('tries again after a network or server failure, then answers what the server sent', async () => {
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(network())
      .mockRejectedValueOnce(new ApiError('INTERNAL_ERROR', 'Failed', 503))
      .mockResolvedValueOnce('sent');
    const sleep = vi.fn(noWait);
    await expect(sendWithRetry(attempt, [10, 20, 40], sleep)).resolves.toBe('sent');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[10], [20]]);
  });

  it('gives up after the last delay with the last error', async () => {
    const attempt = vi.fn(() => Promise.reject(network()));
    await expect(sendWithRetry(attempt, [1, 1], noWait)).rejects.toBeInstanceOf(ApiError);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal', async () => {
    const refused = new ApiError('CONFLICT', 'This message id is already used by another message.', 409);
    const attempt = vi.fn(() => Promise.reject(refused));
    await expect(sendWithRetry(attempt, [1, 1], noWait)).rejects.toBe(refused);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(isRetryableSendError(new ApiError('VALIDATION_ERROR', 'Bad', 400))).toBe(false);
    expect(isRetryableSendError(new TypeError('Failed to fetch'))).toBe(true);
  });
});
