import { describe, expect, it } from 'vitest';
import {
  EMPTY_DISCOVER_STATE,
  readDiscoverState,
  toSearchQuery,
  writeDiscoverState,
} from './discover-params';

describe('/discover URL state', () => {
  it('round-trips every filter through the URL', () => {
    const state = {
      q: 'sleep coach',
      category: 'sleep' as const,
      format: 'video' as const,
      minDollars: 20,
      maxDollars: 45,
      online: true,
      minRating: 4.5,
      sort: 'price' as const,
    };
    const params = writeDiscoverState(state);
    expect(params.toString()).toBe(
      'q=sleep+coach&category=sleep&format=video&min=20&max=45&online=1&rating=4.5&sort=price',
    );
    expect(readDiscoverState(params)).toEqual(state);
  });

  it('ignores unknown or malformed values instead of failing', () => {
    expect(
      readDiscoverState(
        new URLSearchParams('category=astrology&format=fax&min=-3&max=abc&rating=2&sort=random&online=maybe'),
      ),
    ).toEqual(EMPTY_DISCOVER_STATE);
  });

  it('sends cents to the API and swaps a price range typed the wrong way round', () => {
    expect(toSearchQuery({ ...EMPTY_DISCOVER_STATE, minDollars: 50, maxDollars: 20, q: '  ' })).toEqual({
      q: undefined,
      category: undefined,
      format: undefined,
      minPrice: 2000,
      maxPrice: 5000,
      online: undefined,
      minRating: undefined,
      sort: undefined,
      pageSize: 24,
    });
  });
});
