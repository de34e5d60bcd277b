import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * The password policy (ASVS 6.2: length 8 to 256, no composition rules, common and guessable
 * passwords refused). Shared by the server, which enforces it, and the sign-up form, which shows the
 * same reasons live as the person types.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/** zxcvbn score (0–4) a password must reach: 3 means "safely unguessable" for online attacks. */
const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
const strengthChecker = () =>
  (factory ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  }));

export type PasswordAssessment = {
  acceptable: boolean;
  /** 0 (very weak) to 4 (very strong). */
  score: number;
  /** What is wrong, in plain words; empty when acceptable. */
  reasons: string[];
  /** How to do better. */
  suggestions: string[];
};

/** `userInputs` are words the password must not lean on: the person's email, name, the product name. */
export function assessPassword(password: string, userInputs: string[] = []): PasswordAssessment {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      acceptable: false,
      score: 0,
      reasons: [`Use at least ${PASSWORD_MIN_LENGTH} characters.`],
      suggestions: ['A few unrelated words make a long password that is easy to remember.'],
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      acceptable: false,
      score: 0,
      reasons: [`Use at most ${PASSWORD_MAX_LENGTH} characters.`],
      suggestions: [],
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
    score: result.score,
    reasons,
    suggestions: acceptable ? [] : result.feedback.suggestions,
  };
}
