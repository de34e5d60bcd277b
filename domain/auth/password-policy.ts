import { ZxcvbnFactory, type OptionsType } from '@zxcvbn-ts/core';

/**
 * The password policy (ASVS 6.2: length 8 to 256, no composition rules, common and guessable
 * passwords refused), without its word lists: `createPasswordAssessor` takes zxcvbn's options
 * (dictionaries, keyboard graphs, translations). The server passes the full lists at once
 * (password-strength.ts); the browser downloads the very same lists in parts when a new-password
 * field needs them (docs/decisions/012-password-dictionaries-in-parts.md). Same lists, same ranks:
 * the same verdict on both sides.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn score (0–4) a password must reach: 3 means "safely unguessable" for online attacks. */
const MIN_SCORE = 3;

/** What zxcvbn needs: every dictionary (word lists by name, most common first), graphs, translations. */
export type PasswordCheckerOptions = Required<Pick<OptionsType, 'dictionary' | 'graphs' | 'translations'>>;

/**
 * Why a password is refused, as GoTrue's `weak_password.reasons`: 'length' (GoTrue's own), 'guessable'
 * (zxcvbn finds it easy to guess), 'email' / 'phone' (it is, or is built from, the person's own address).
 */
export type WeakPasswordReason = 'length' | 'guessable' | 'email' | 'phone';

export type PasswordAssessment = {
  acceptable: boolean;
  /** The reasons as codes (empty when acceptable). */
  codes: WeakPasswordReason[];
  /** 0 (very weak) to 4 (very strong). */
  score: number;
  /** What is wrong, in plain words; empty when acceptable. */
  reasons: string[];
  /** How to do better. */
  suggestions: string[];
};

export type AssessPassword = (password: string, userInputs?: string[]) => PasswordAssessment;

/**
 * The policy over the given word lists. zxcvbn ranks the dictionaries when first used (it takes a
 * moment), so that happens on the first assessment, not here.
 */
export function createPasswordAssessor(options: PasswordCheckerOptions): AssessPassword {
  let factory: ZxcvbnFactory | undefined;
  const strengthChecker = () => (factory ??= new ZxcvbnFactory(options));
  return (password, userInputs = []) => assessWith(strengthChecker, password, userInputs);
}

/** `userInputs` are words the password must not lean on: the person's email, name, the product name. */
function assessWith(
  strengthChecker: () => ZxcvbnFactory,
  password: string,
  userInputs: string[],
): PasswordAssessment {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      acceptable: false,
      codes: ['length'],
      score: 0,
      reasons: [`Use at least ${PASSWORD_MIN_LENGTH} characters.`],
      suggestions: ['A few unrelated words make a long password that is easy to remember.'],
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      acceptable: false,
      codes: ['length'],
      score: 0,
      reasons: [`Use at most ${PASSWORD_MAX_LENGTH} characters.`],
      suggestions: [],
    };
  }
  const own = ownAddressReason(password, userInputs);
  if (own) {
    return {
      acceptable: false,
      codes: [own],
      score: 0,
      reasons: [
        own === 'email'
          ? 'Do not use your email address (or the part before the @) as your password.'
          : 'Do not use your phone number as your password.',
      ],
      suggestions: ['A few unrelated words make a long password that is easy to remember.'],
    };
  }
  const words = userInputs
    .flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 3);
  // zxcvbn's cost grows with length; past 100 characters the prefix decides the score.
  const result = strengthChecker().check(password.slice(0, 100), [...words, 'wellspring']);
  const acceptable = result.score >= MIN_SCORE;
  const warning = result.feedback.warning;
  const reasons = acceptable
    ? []
    : [warning && warning.length > 0 ? warning : 'This password is easy to guess.'];
  return {
    acceptable,
    codes: acceptable ? [] : ['guessable'],
    score: result.score,
    reasons,
    suggestions: acceptable ? [] : result.feedback.suggestions,
  };
}

const ADDRESS_SUFFIX_ALLOWANCE = 4;

/**
 * 'email' when the password is the person's email address, contains it, or is its local part (give or
 * take a short suffix such as a year); 'phone' when its digits are the person's phone number. zxcvbn
 * alone lets these through: it splits the address into words and scores their combination as strong.
 */
function ownAddressReason(password: string, userInputs: string[]): WeakPasswordReason | null {
  const typed = password.trim().toLowerCase();
  for (const input of userInputs) {
    const value = input.trim().toLowerCase();
    if (value.includes('@')) {
      const local = value.slice(0, value.lastIndexOf('@'));
      if (typed.includes(value)) return 'email';
      if (local.length >= 3 && typed === local) return 'email';
      if (
        local.length >= 4 &&
        typed.startsWith(local) &&
        typed.length - local.length <= ADDRESS_SUFFIX_ALLOWANCE
      )
        return 'email';
      continue;
    }
    const digits = value.replace(/\D/g, '');
    if (/^\+?[\d\s().-]+$/.test(value) && digits.length >= 7) {
      const typedDigits = typed.replace(/\D/g, '');
      if (/^\+?[\d\s().-]+$/.test(typed) && typedDigits.length >= 7 && digits.endsWith(typedDigits))
        return 'phone';
      if (typed.includes(digits)) return 'phone';
    }
  }
  return null;
}
