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
import { endpointGroup } from './endpoint';
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

const endpoint = endpointGroup('Auth (GoTrue-compatible)');
const publicEndpoint = endpoint.as('public');
const signedInEndpoint = endpoint.as('signed-in');

/**
 * SPEC §7 Auth API under /auth/v1, compatible with GoTrue (supabase/auth): its paths, bodies and error
 * shapes, so `@supabase/auth-js` works against it. Errors use GoTrue's body, not the app's.
 */
export const authApi = {
  settings: publicEndpoint({
    method: 'GET',
    path: '/auth/v1/settings',
    summary: 'What the sign-in page may offer (Google, the demo mailbox, demo accounts)',
    responses: { 200: authSettingsSchema },
  }),
  jwks: publicEndpoint({
    method: 'GET',
    path: '/auth/v1/.well-known/jwks.json',
    summary: 'The public keys that verify access tokens (ES256)',
    responses: { 200: jwksSchema },
  }),
  signUp: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/signup',
    summary: 'Create an account with an email or phone and a password',
    body: z.preprocess((body) => body ?? {}, signUpBodySchema),
    responses: { 200: sessionSchema },
  }),
  token: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/token',
    summary: 'Sign in: grant_type password, refresh_token, pkce (Google) or id_token',
    query: grantTypeQuerySchema,
    body: z.preprocess((body) => body ?? {}, tokenBodySchema),
    responses: { 200: sessionSchema },
  }),
  otp: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/otp',
    summary: 'Send a one-time sign-in code by email or text',
    body: otpBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  // Public: signed in only for confirming a change or one's own address, and the handler asks then.
  verify: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/verify',
    summary: 'Verify a code: sign in, recover, or (signed in) confirm an address or a change',
    body: verifyBodySchema,
    responses: { 200: verifyResponseSchema },
  }),
  recover: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/recover',
    summary: 'Send a password recovery code',
    body: recoverBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  resend: publicEndpoint({
    method: 'POST',
    path: '/auth/v1/resend',
    summary: 'Send a confirmation code again',
    body: resendBodySchema,
    responses: { 200: emptyObjectSchema },
  }),
  logout: signedInEndpoint({
    method: 'POST',
    path: '/auth/v1/logout',
    summary: 'Sign out this session, all of them (global) or all others',
    query: logoutQuerySchema,
    responses: { 204: null },
  }),
  getUser: signedInEndpoint({
    method: 'GET',
    path: '/auth/v1/user',
    summary: 'The signed-in user',
    responses: { 200: userSchema },
  }),
  updateUser: signedInEndpoint({
    method: 'PUT',
    path: '/auth/v1/user',
    summary: 'Change email, phone or password (a code confirms a new address)',
    body: updateUserBodySchema,
    responses: { 200: userSchema },
  }),
  reauthenticate: signedInEndpoint({
    method: 'GET',
    path: '/auth/v1/reauthenticate',
    summary: 'Send a code that confirms a password change',
    responses: { 200: emptyObjectSchema },
  }),
  sessions: signedInEndpoint({
    method: 'GET',
    path: '/auth/v1/sessions',
    summary: "The caller's open sign-in sessions (devices)",
    responses: { 200: authSessionListSchema },
  }),
  enrollFactor: signedInEndpoint({
    method: 'POST',
    path: '/auth/v1/factors',
    summary: 'Start enrolling an authenticator app (TOTP)',
    body: enrollFactorBodySchema,
    responses: { 200: enrollFactorResponseSchema },
  }),
  challengeFactor: signedInEndpoint({
    method: 'POST',
    path: '/auth/v1/factors/:id/challenge',
    summary: 'Challenge an authenticator factor',
    params: factorIdParamsSchema,
    responses: { 200: challengeResponseSchema },
  }),
  verifyFactor: signedInEndpoint({
    method: 'POST',
    path: '/auth/v1/factors/:id/verify',
    summary: "Verify a factor's code: the session becomes aal2",
    params: factorIdParamsSchema,
    body: verifyFactorBodySchema,
    responses: { 200: sessionSchema },
  }),
  unenrollFactor: signedInEndpoint({
    method: 'DELETE',
    path: '/auth/v1/factors/:id',
    summary: 'Remove an authenticator factor',
    params: factorIdParamsSchema,
    responses: { 200: z.object({ id: z.string() }) },
  }),
  authorize: publicEndpoint({
    method: 'GET',
    path: '/auth/v1/authorize',
    summary: 'Start Google sign-in: redirect to Google (or answer the URL with skip_http_redirect)',
    query: authorizeQuerySchema,
    responses: { 200: authorizeUrlResponseSchema, 302: null },
  }),
  linkIdentity: signedInEndpoint({
    method: 'GET',
    path: '/auth/v1/user/identities/authorize',
    summary: 'Start linking Google to the signed-in account',
    query: linkAuthorizeQuerySchema,
    responses: { 200: authorizeUrlResponseSchema, 302: null },
  }),
  callback: publicEndpoint({
    method: 'GET',
    path: '/auth/v1/callback',
    summary: "Google's return: redirects the browser to the app's return page",
    query: oauthCallbackQuerySchema,
    responses: { 302: null },
  }),
  unlinkIdentity: signedInEndpoint({
    method: 'DELETE',
    path: '/auth/v1/user/identities/:id',
    summary: 'Unlink a sign-in identity (Google) from the account',
    params: identityIdParamsSchema,
    responses: { 200: userSchema },
  }),
} as const;
