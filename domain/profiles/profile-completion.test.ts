import { describe, expect, it } from 'vitest';
import { profileCompletion, type CompletionInput } from './profile-completion';

const complete: CompletionInput = {
  fullName: 'Maya Thompson',
  username: 'maya-thompson',
  professionalTitle: 'Mindfulness coach',
  shortBio: 'Calm, practical coaching.',
  avatarUrl: 'https://example.test/a.png',
  categories: ['mindfulness'],
  onDemandTextPrice: 3000,
  onDemandAudioPrice: 3500,
  onDemandVideoPrice: 4000,
};

describe('profileCompletion', () => {
  it('is 100 with nothing missing for a complete coach profile', () => {
    expect(profileCompletion(complete)).toEqual({ completion: 100, missing: [] });
  });

  it('lists every missing item in order and rounds the percentage', () => {
    expect(
      profileCompletion({
        ...complete,
        username: null,
        shortBio: '   ',
        categories: [],
        onDemandVideoPrice: null,
      }),
    ).toEqual({ completion: 43, missing: ['username', 'short_bio', 'categories', 'on_demand_prices'] });
  });

  it('is 0 for an empty profile', () => {
    const empty = profileCompletion({
      fullName: null,
      username: null,
      professionalTitle: null,
      shortBio: null,
      avatarUrl: null,
      categories: [],
      onDemandTextPrice: null,
      onDemandAudioPrice: null,
      onDemandVideoPrice: null,
    });
    expect(empty.completion).toBe(0);
    expect(empty.missing).toHaveLength(7);
  });
});
