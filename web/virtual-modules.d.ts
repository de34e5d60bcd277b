// Modules the build makes (vite.config.ts plugins), typed for the code that imports them.

/** The password checker's word lists, loaded in parts (scripts/vite/password-dictionaries.ts). */
declare module 'virtual:password-checker-options' {
  import type { PasswordCheckerOptions } from '#domain/auth/password-policy';
  export function loadPasswordCheckerOptions(): Promise<PasswordCheckerOptions>;
}
