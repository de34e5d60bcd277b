import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../lib/api-client';
import { reportRateLimited, resetRateLimited } from '../lib/rate-limited';
import { z } from 'zod';
import { FullScreenLoader } from './full-screen-loader';
import { RateLimitNotice } from './rate-limit-notice';

beforeEach(() => {
  vi.useFakeTimers();
  resetRateLimited();
});
afterEach(() => {
  resetRateLimited();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RateLimitNotice', () => {
  it('says nothing until a request is limited, then counts down from Retry-After and goes', () => {
    render(<RateLimitNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => reportRateLimited(7));
    expect(screen.getByTestId('rate-limit-notice')).toHaveTextContent(
      'Too many requests — trying again in 7 s',
    );
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('rate-limit-notice')).toHaveTextContent('trying again in 4 s');
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByTestId('rate-limit-notice')).not.toBeInTheDocument();
  });

  it('appears for any 429 the API client meets, with its Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'RATE_LIMITED',
              message: 'Too many requests. Please wait a moment and try again.',
            },
          },
          { status: 429, headers: { 'retry-after': '12' } },
        ),
      ),
    );
    render(<RateLimitNotice />);
    const failure = await apiRequest('/api/me', z.object({})).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).retryAfterSeconds).toBe(12);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByTestId('rate-limit-notice')).toHaveTextContent('trying again in 12 s');
  });

  it('the full-screen loader says it too, instead of only "Loading..."', () => {
    render(<FullScreenLoader />);
    expect(screen.queryByTestId('rate-limit-notice')).not.toBeInTheDocument();
    act(() => reportRateLimited(20));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByTestId('rate-limit-notice')).toHaveTextContent(
      'Too many requests — trying again in 20 s',
    );
  });
});
