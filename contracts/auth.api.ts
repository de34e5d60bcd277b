import { z } from 'zod';
import {
  authSessionListSchema,
  challengeResponseSchema,
  enrollFactorBodySchema,
  enrollFactorResponseSchema,
  factorIdParamsSchema,
  grantTypeQuerySchema,
  jwksSchema,
  logoutQuerySchema,
  otpBodySchema,
  recoverBodySchema,
  resendBodySchema,
  sessionSchema,
  signUpBodySchema,
  tokenBodySchema,
  updateUserBodySchema,
  userSchema,
  verifyBodySchema,
  verifyFactorBodySchema,
} from './auth';
import { defineEndpoint } from './endpoint';
import {
  authorizeQuerySchema,
  authorizeUrlResponseSchema,
  identityIdParamsSchema,
  linkAuthorizeQuerySchema,
  oauthCallbackQuerySchema,
} from './oauth';

/** What the sign-in page may offer: Google, the demo mailbox (this machine only), the demo accounts. */
export const authSettingsSchema = z.object({
  external: z.object({ google: z.boolean() }),
  mailbox: z.boolean(),
  demo_accounts: z.array(z.object({ label: z.string(), email: z.string(), password: z.string() })),
});
export type AuthSettings = z.infer<typeof authSettingsSchema>;

/** An empty JSON object: GoTrue's answer where there is nothing to say. */
export const emptyObjectSchema = z.object({});

/** /auth/v1/verify: a new session, or (confirming a change while signed in) the updated user. */
export const verifyResponseSchema = z.union([sessionSchema, z.object({ user: userSchema })]);

const tag = 'Auth (GoTrue-compatible)';

/**
 * SPEC §7 Auth API under /auth/v1, compatible with GoTrue (supabase/auth): its paths, bodies and error
 * shapes, so `@supabase/auth-js` works against it. Errors use GoTrue's body, not the app's.
 */
export const authApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/settings',
    summary: 'What the sign-in page may offer (Google, the demo mailbox, demo accounts)',
    tag,
    access: 'public',
    responses: { 200: authSettingsSchema },
  }),
  jwks: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/.well-known/jwks.json',
    summary: 'The public keys that verify access tokens (ES256)',
    tag,
    access: 'public',
    responses: { 200: jwksSchema },
  }),
  signUp: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/signup',
    summary: 'Create an account with an email or phone and a password',
    tag,
    access: 'public',
    body: z.preprocess((body) => body ?? {}, signUpBodySchema),
    responses: { 200: sessionSchema },
  }),
  token: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/token',
    summary: 'Sign in: grant_type password, refresh_token, pkce (Google) or id_token',
    tag,
    access: 'public',
    query: grantTypeQuerySchema,
    body: z.preprocess((body) => body ?? {}, tokenBodySchema),
    responses: { 200: sessionSchema },
  }),
  otp: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/otp',
    summary: 'Send a one-time sign-in code by email or text',
    tag,
    access: 'public',
    body: otpBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/verify',
    summary: 'Verify a code: sign in, recover, or (signed in) confirm an address or a change',
    tag,
    // Signed in only for confirming a change or one's own address: the handler asks then.
    access: 'public',
    body: verifyBodySchema,
    responses: { 200: verifyResponseSchema },
  }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/recover',
    summary: 'Send a password recovery code',
    tag,
    access: 'public',
    body: recoverBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/resend',
    summary: 'Send a confirmation code again',
    tag,
    access: 'public',
    body: resendBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/logout',
    summary: 'Sign out this session, all of them (global) or all others',
    tag,
    access: 'signed-in',
    query: logoutQuerySchema,
    responses: { 204: null },
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/user',
    summary: 'The signed-in user',
    tag,
    access: 'signed-in',
    responses: { 200: userSchema },
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/auth/v1/user',
    summary: 'Change email, phone or password (a code confirms a new address)',
    tag,
    access: 'signed-in',
    body: updateUserBodySchema,
    responses: { 200: userSchema },
  }),
  reauthenticate: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/reauthenticate',
    summary: 'Send a code that confirms a password change',
    tag,
    access: 'signed-in',
    responses: { 200: emptyObjectSchema },
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/sessions',
    summary: "The caller's open sign-in sessions (devices)",
    tag,
    access: 'signed-in',
    responses: { 200: authSessionListSchema },
  }),
  enrollFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/factors',
    summary: 'Start enrolling an authenticator app (TOTP)',
    tag,
    access: 'signed-in',
    body: enrollFactorBodySchema,
    responses: { 200: enrollFactorResponseSchema },
  }),
  challengeFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/factors/:id/challenge',
    summary: 'Challenge an authenticator factor',
    tag,
    access: 'signed-in',
    params: factorIdParamsSchema,
    responses: { 200: challengeResponseSchema },
  }),
  verifyFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/factors/:id/verify',
    summary: "Verify a factor's code: the session becomes aal2",
    tag,
    access: 'signed-in',
    params: factorIdParamsSchema,
    body: verifyFactorBodySchema,
    responses: { 200: sessionSchema },
  }),
  unenrollFactor: defineEndpoint({
    method: 'DELETE',
    path: '/auth/v1/factors/:id',
    summary: 'Remove an authenticator factor',
    tag,
    access: 'signed-in',
    params: factorIdParamsSchema,
    responses: { 200: z.object({ id: z.string() }) },
  }),
  authorize: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/authorize',
    summary: 'Start Google sign-in: redirect to Google (or answer the URL with skip_http_redirect)',
    tag,
    access: 'public',
    query: authorizeQuerySchema,
    responses: { 200: authorizeUrlResponseSchema, 302: null },
  }),
  linkIdentity: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/user/identities/authorize',
    summary: 'Start linking Google to the signed-in account',
    tag,
    access: 'signed-in',
    query: linkAuthorizeQuerySchema,
    responses: { 200: authorizeUrlResponseSchema, 302: null },
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/callback',
    summary: "Google's return: redirects the browser to the app's return page",
    tag,
    access: 'public',
    query: oauthCallbackQuerySchema,
    responses: { 302: null },
  }),
  unlinkIdentity: defineEndpoint({
    method: 'DELETE',
    path: '/auth/v1/user/identities/:id',
    summary: 'Unlink a sign-in identity (Google) from the account',
    tag,
    access: 'signed-in',
    params: identityIdParamsSchema,
    responses: { 200: userSchema },
  }),
} as const;
