import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/authz/access-matrix.json, typed. */
export type HttpExpectation = number | `${1 | 2 | 3 | 4 | 5}xx`;
export type HttpRow = {
  method: string;
  url: string;
  label?: string;
  request?: { path?: string; body?: unknown; fresh_principal?: boolean };
  expect: Record<string, HttpExpectation>;
};
export type ScreenRow = { path: string; expect: Record<string, string> };
/**
 * A realtime topic (`{self}` = the principal's own id, `{other}` = someone else's): `ok` when the
 * subscribe is acknowledged, else the RealtimeError code (UNAUTHENTICATED: the socket is refused).
 */
export type TopicRow = { topic: string; label?: string; expect: Record<string, string> };
export type AccessMatrix = {
  principals: Record<string, string>;
  http: HttpRow[];
  screens: ScreenRow[];
  topics: TopicRow[];
};

export const PRINCIPALS = [
  'anonymous',
  'client',
  'coach',
  'dual_role',
  'no_role',
  'super_admin',
  'coach_manager',
  'financial_admin',
  'community_moderator',
  'inactive_admin',
  'super_admin_aal1',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/**
 * HTTP rows and realtime topics also have a `guest` column: an account made by a session's guest link
 * signed in for that one session. It has no screens of its own beyond the session
 * room (/session/:id): screen rows leave it out, and test/authz/screen-rules.test.ts checks its one
 * rule on every row (the room, else the guest screen).
 */
export const HTTP_PRINCIPALS = [...PRINCIPALS, 'guest'] as const;
export type HttpPrincipal = (typeof HTTP_PRINCIPALS)[number];

export function loadAccessMatrix(): AccessMatrix {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'access-matrix.json');
  return JSON.parse(readFileSync(file, 'utf8')) as AccessMatrix;
}

/** Whether a status meets an expectation: the exact status or its class ("4xx"). */
export function statusMatches(status: number, expected: HttpExpectation): boolean {
  return typeof expected === 'number' ? status === expected : `${Math.floor(status / 100)}xx` === expected;
}
