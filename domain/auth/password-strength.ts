import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { createPasswordAssessor, type PasswordCheckerOptions } from './password-policy';

export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type AssessPassword,
  type PasswordAssessment,
  type WeakPasswordReason,
} from './password-policy';

/**
 * The password policy with every word list loaded at once: what the server enforces (and tests
 * use). The browser loads the same lists in parts instead (web/features/auth/hooks/
 * use-password-assessment.ts, from scripts/vite/password-dictionaries.mjs, which composes the lists
 * as below; use-password-assessment.test.ts checks both are the same lists in the same order).
 */
export const PASSWORD_CHECKER_OPTIONS: PasswordCheckerOptions = {
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
};

/** `userInputs` are words the password must not lean on: the person's email, name, the product name. */
export const assessPassword = createPasswordAssessor(PASSWORD_CHECKER_OPTIONS);
