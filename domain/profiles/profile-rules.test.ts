import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import {
  generateUsername,
  normaliseCustomFonts,
  normaliseProfileUpdate,
  normaliseYearsExperience,
  USERNAME_MAX_LENGTH,
  usernameCandidates,
  usernameWithSuffix,
  validateUsername,
} from './profile-rules';

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected an error');
};

describe('generateUsername (SPEC §5)', () => {
  it.each([
    ['Maya Thompson', 'maya-thompson'],
    ['  Maya   Thompson  ', 'maya-thompson'],
    ['Jean-Luc Picard', 'jean-luc-picard'],
    ['Anna - Maria', 'anna-maria'],
    ["Dr. Sam O'Brien, PhD", 'dr-sam-obrien-phd'],
    ['snake_case Name', 'snakecase-name'],
    ['José Núñez', 'jose-nunez'],
    ['Coach 42', 'coach-42'],
    ['--Lena--', 'lena'],
    ['ABC', 'abc'],
    ['A B', 'a-b'],
  ])('%s -> %s', (name, expected) => {
    expect(generateUsername(name)).toBe(expected);
  });

  it.each(['Al', '李小龍', '!!!', '', '  -  '])('is not used under 3 characters: %j', (name) => {
    expect(generateUsername(name)).toBeNull();
  });
});

describe('validateUsername (SPEC §5)', () => {
  it.each(['maya', 'maya-thompson', 'maya_t', 'coach42', '-_-'])('accepts %s', (username) => {
    expect(() => validateUsername(username)).not.toThrow();
  });

  it.each(['Maya', 'maya thompson', 'maya.t', 'maya@x', 'josé'])(
    'refuses %s with the exact text',
    (username) => {
      const error = errorOf(() => validateUsername(username));
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe('INVALID_USERNAME');
      expect(error.message).toBe(
        'Username can only contain lowercase letters, numbers, hyphens, and underscores',
      );
    },
  );
});

describe('normaliseCustomFonts', () => {
  it.each([['not json'], [''], ['{}'], ['[]'], ['5'], [null], [{}], [[]]])(
    'invalid or empty %j becomes inter',
    (value) => {
      expect(normaliseCustomFonts(value)).toEqual({ primary: 'inter' });
    },
  );
  it('keeps a valid object, parsed from JSON text or as given', () => {
    expect(normaliseCustomFonts('{"primary":"lora"}')).toEqual({ primary: 'lora' });
    expect(normaliseCustomFonts({ primary: 'lora', heading: 'inter' })).toEqual({
      primary: 'lora',
      heading: 'inter',
    });
  });
});

describe('normaliseYearsExperience', () => {
  it('empty becomes null', () => {
    expect(normaliseYearsExperience('')).toBeNull();
    expect(normaliseYearsExperience('   ')).toBeNull();
    expect(normaliseYearsExperience(null)).toBeNull();
  });
  it('keeps whole numbers, from text too', () => {
    expect(normaliseYearsExperience(7)).toBe(7);
    expect(normaliseYearsExperience(' 12 ')).toBe(12);
  });
  it('refuses anything else with VALIDATION_ERROR', () => {
    expect(errorOf(() => normaliseYearsExperience('ten')).code).toBe('VALIDATION_ERROR');
    expect(errorOf(() => normaliseYearsExperience(2.5)).code).toBe('VALIDATION_ERROR');
  });
});

describe('normaliseProfileUpdate (SPEC §5)', () => {
  it('drops undefined fields and keeps null ones', () => {
    expect(normaliseProfileUpdate({ short_bio: undefined, coach_tagline: null, about_me: 'Hi' })).toEqual({
      coach_tagline: null,
      about_me: 'Hi',
    });
  });

  it.each(['', '   ', null])(
    'full_name %j is refused with the SPEC text and the unified wording',
    (fullName) => {
      const error = errorOf(() => normaliseProfileUpdate({ full_name: fullName }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toBe('full_name is required and cannot be empty');
      expect(error.details).toEqual([{ path: 'full_name', message: 'Full name is required' }]);
    },
  );

  it('an absent full_name is not checked', () => {
    expect(normaliseProfileUpdate({ short_bio: 'x' })).toEqual({ short_bio: 'x' });
  });

  it('empty username becomes null; an invalid one is INVALID_USERNAME', () => {
    expect(normaliseProfileUpdate({ username: '' })).toEqual({ username: null });
    expect(normaliseProfileUpdate({ username: null })).toEqual({ username: null });
    expect(errorOf(() => normaliseProfileUpdate({ username: 'Bad Name' })).code).toBe('INVALID_USERNAME');
  });

  it('generates a username when full_name changes and none is given', () => {
    expect(normaliseProfileUpdate({ full_name: ' Lena Ortiz ' }, { fullName: 'Lena' })).toEqual({
      full_name: 'Lena Ortiz',
      username: 'lena-ortiz',
    });
  });

  it('does not generate when the name is unchanged, a username is given, or the result is too short', () => {
    expect(normaliseProfileUpdate({ full_name: 'Lena Ortiz' }, { fullName: 'Lena Ortiz' })).toEqual({
      full_name: 'Lena Ortiz',
    });
    expect(
      normaliseProfileUpdate({ full_name: 'Lena Ortiz', username: 'lena_o' }, { fullName: 'X' }),
    ).toEqual({
      full_name: 'Lena Ortiz',
      username: 'lena_o',
    });
    expect(normaliseProfileUpdate({ full_name: 'Lena', username: '' }, { fullName: 'X' })).toEqual({
      full_name: 'Lena',
      username: null,
    });
    expect(normaliseProfileUpdate({ full_name: 'Li' }, { fullName: 'X' })).toEqual({ full_name: 'Li' });
  });

  it('normalises custom_fonts, years_experience and date of birth (text)', () => {
    expect(
      normaliseProfileUpdate({ custom_fonts: '{oops', years_experience: '', date_of_birth: '1990-04-02' }),
    ).toEqual({ custom_fonts: { primary: 'inter' }, years_experience: null, date_of_birth: '1990-04-02' });
    expect(normaliseProfileUpdate({ date_of_birth: '' })).toEqual({ date_of_birth: null });
  });
});

describe('generated usernames stay within USERNAME_MAX_LENGTH', () => {
  it('cuts a long name after its last whole word, a single long word at the limit', () => {
    expect(generateUsername('Alexandria Konstantinopoulou-Vanderbilt Montgomery-Smythe the Third')).toBe(
      'alexandria-konstantinopoulou-vanderbilt-montgomery-smythe',
    );
    expect(generateUsername('a'.repeat(70))).toBe('a'.repeat(USERNAME_MAX_LENGTH));
    // The cut falls right before a hyphen: the whole word before it stays.
    expect(generateUsername(`${'b'.repeat(60)} c`)).toBe('b'.repeat(60));
    for (let length = 55; length < 130; length += 1)
      expect(generateUsername(`Word ${'x'.repeat(length)} end`)!.length).toBeLessThanOrEqual(
        USERNAME_MAX_LENGTH,
      );
  });

  it('numbers alternatives within the limit', () => {
    expect(usernameWithSuffix('maya-thompson', 2)).toBe('maya-thompson-2');
    expect(usernameWithSuffix('a'.repeat(60), 12)).toBe(`${'a'.repeat(57)}-12`);
    expect(usernameWithSuffix(`${'a'.repeat(50)}-bbbbbbbbb`, 2)).toBe(`${'a'.repeat(50)}-2`);
    expect(usernameCandidates('maya', 4)).toEqual(['maya', 'maya-2', 'maya-3', 'maya-4']);
    for (const candidate of usernameCandidates('z'.repeat(60), 20)) {
      expect(candidate.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
      expect(() => validateUsername(candidate)).not.toThrow();
    }
  });

  it('refuses a typed username over the limit with the reason', () => {
    const error = errorOf(() => validateUsername('a'.repeat(61)));
    expect(error).toMatchObject({
      code: 'INVALID_USERNAME',
      message: 'Username can be at most 60 characters',
    });
  });
});
