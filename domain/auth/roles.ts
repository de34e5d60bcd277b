/** SPEC §2, §4 Role: a person may hold client and coach; the active one is the last-active row, else the primary. */
export const ROLES = ['client', 'coach'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => value === 'client' || value === 'coach';

export type RoleRow = { role: Role; isPrimary: boolean; isLastActive: boolean };

export function resolveActiveRole(rows: readonly RoleRow[]): Role | null {
  return rows.find((row) => row.isLastActive)?.role ?? rows.find((row) => row.isPrimary)?.role ?? null;
}

/** SPEC §9 new-user windows: automatic role within 5 minutes of sign-up, role redirect within 2. */
export const AUTO_ROLE_WINDOW_MS = 5 * 60_000;
export const NEW_USER_REDIRECT_WINDOW_MS = 2 * 60_000;

export type RoleHints = {
  /** The `as` query parameter. */
  asParam?: string | null;
  /** `role` in the account's metadata (set at sign-up). */
  metadataRole?: unknown;
  /** The signup / new_user flag on /auth. */
  signupFlag?: boolean;
  /** Whether the person is on /auth. */
  onAuthPage?: boolean;
};

/**
 * SPEC §2: a signed-in user with no role, whose account is younger than 5 minutes and who has a role
 * hint, is given that role automatically (default client). Hints only ever give client or coach.
 */
export function automaticRole(accountCreatedAt: Date, now: Date, hints: RoleHints): Role | null {
  if (now.getTime() - accountCreatedAt.getTime() >= AUTO_ROLE_WINDOW_MS) return null;
  const hasHint =
    hints.asParam != null ||
    hints.metadataRole != null ||
    hints.signupFlag === true ||
    hints.onAuthPage === true;
  if (!hasHint) return null;
  if (isRole(hints.asParam)) return hints.asParam;
  if (isRole(hints.metadataRole)) return hints.metadataRole;
  return 'client';
}
