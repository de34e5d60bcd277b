import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authSessionListSchema,
  challengeResponseSchema,
  enrollFactorBodySchema,
  enrollFactorResponseSchema,
  factorIdParamsSchema,
  grantTypeQuerySchema,
  idTokenGrantBodySchema,
  jwksSchema,
  logoutQuerySchema,
  otpBodySchema,
  pkceGrantBodySchema,
  recoverBodySchema,
  REFRESH_COOKIE_HEADER,
  SESSION_HINT_COOKIE,
  resendBodySchema,
  sessionSchema,
  signUpBodySchema,
  tokenBodySchema,
  updateUserBodySchema,
  userSchema,
  verifyBodySchema,
  verifyFactorBodySchema,
  type AuthSession,
} from '../../../contracts/auth';
import { AppError } from '../../../domain/errors/app-error';
import type { AuthGuard } from '../../plugins/auth-guard';
import { tokenEndpointLimit, type RateBudget } from '../../plugins/rate-limit';
import { isLoopbackRequest } from '../outbox/loopback';
import { useAuthApiConventions } from './auth-errors';
import type { AuthService } from './auth.service';
import type { FactorsService } from './factors.service';
import type { RequestContext, SessionService } from './session.service';
import type { TokenService } from './tokens';

export type OAuthExchange = {
  exchangePkce: (authCode: string, codeVerifier: string, context: RequestContext) => Promise<AuthSession>;
  signInWithIdToken: (
    idToken: string,
    nonce: string | undefined,
    context: RequestContext,
  ) => Promise<AuthSession>;
};

export type AuthRoutesOptions = {
  auth: AuthService;
  sessions: SessionService;
  factors: FactorsService;
  tokens: TokenService;
  guard: AuthGuard;
  oauth: OAuthExchange | undefined;
  cookie: { secure: boolean; maxAgeSeconds: number };
  /** Sign-up and sign-in grants; refreshes count apart (tokenEndpointLimit). */
  rateLimit: RateBudget & { refresh: RateBudget };
  /** demoAccounts: the seeded embedded demo's sign-ins, offered on the sign-in page (empty otherwise). */
  settings: {
    google: boolean;
    mailbox: boolean;
    demoAccounts: { label: string; email: string; password: string }[];
  };
};

const emptySchema = z.object({});

/** A grant's required fields, from the body already checked at the edge: missing ones are GoTrue's 400. */
function parseGrant<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_ERROR', undefined, {
    details: parsed.error.issues.map((issue) => ({
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}
const verifyResponseSchema = z.union([sessionSchema, z.object({ user: userSchema })]);

export const contextOf = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});

export type RefreshCookieOptions = { secure: boolean; maxAgeSeconds: number };

export const refreshCookieName = (cookie: RefreshCookieOptions) =>
  cookie.secure ? '__Secure-wellspring-refresh' : 'wellspring-refresh';

/**
 * Answers a new sign-in session. In cookie mode (`x-refresh-cookie: 1`) the refresh token goes into an
 * HttpOnly cookie scoped to /auth/v1 and never into the body. Also used by other sign-ins (a guest
 * link: modules/session-invitations), so every one sets the same cookies.
 */
export function answerSession<T extends AuthSession>(
  request: FastifyRequest,
  reply: FastifyReply,
  session: T,
  cookie: RefreshCookieOptions,
): T {
  if (request.headers[REFRESH_COOKIE_HEADER] !== '1' || session.refresh_token === null) return session;
  reply.setCookie(refreshCookieName(cookie), session.refresh_token, {
    httpOnly: true,
    secure: cookie.secure,
    sameSite: 'strict',
    path: '/auth/v1',
    maxAge: cookie.maxAgeSeconds,
  });
  // A readable marker with no secret in it, so a page load without a session skips the refresh call.
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    secure: cookie.secure,
    sameSite: 'strict',
    path: '/',
    maxAge: cookie.maxAgeSeconds,
  });
  return { ...session, refresh_token: null };
}

/** SPEC §7 Auth API under /auth/v1. Thin: validate, call one service function, answer. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, sessions, factors, tokens, guard } = options;
  useAuthApiConventions(app);
  const cookieName = refreshCookieName(options.cookie);
  const limited = { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } };

  const wantsCookie = (request: FastifyRequest) => request.headers[REFRESH_COOKIE_HEADER] === '1';
  const answer = (request: FastifyRequest, reply: FastifyReply, session: AuthSession) =>
    answerSession(request, reply, session, options.cookie);

  const clearCookie = (reply: FastifyReply) => {
    reply.clearCookie(cookieName, {
      path: '/auth/v1',
      secure: options.cookie.secure,
      httpOnly: true,
      sameSite: 'strict',
    });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', secure: options.cookie.secure, sameSite: 'strict' });
  };

  app.get(
    '/auth/v1/settings',
    {
      schema: {
        response: {
          200: z.object({
            external: z.object({ google: z.boolean() }),
            mailbox: z.boolean(),
            demo_accounts: z.array(z.object({ label: z.string(), email: z.string(), password: z.string() })),
          }),
        },
      },
    },
    async (request) => ({
      external: { google: options.settings.google },
      // The mailbox answers only requests from this machine (outbox.routes.ts): only they get the link.
      mailbox: options.settings.mailbox && isLoopbackRequest(request),
      demo_accounts: options.settings.demoAccounts,
    }),
  );

  app.get(
    '/auth/v1/.well-known/jwks.json',
    { schema: { response: { 200: jwksSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return tokens.jwks();
    },
  );

  app.post(
    '/auth/v1/signup',
    {
      config: limited,
      schema: {
        body: z.preprocess((body) => body ?? {}, signUpBodySchema),
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => answer(request, reply, await auth.signUp(request.body, contextOf(request))),
  );

  app.post(
    '/auth/v1/token',
    {
      config: tokenEndpointLimit(options.rateLimit),
      schema: {
        querystring: grantTypeQuerySchema,
        body: z.preprocess((body) => body ?? {}, tokenBodySchema),
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const body = request.body;
      switch (request.query.grant_type) {
        case 'password':
          return answer(
            request,
            reply,
            await auth.signInWithPassword(
              { email: body.email, phone: body.phone, password: body.password },
              context,
            ),
          );
        case 'refresh_token': {
          const token =
            body.refresh_token || (wantsCookie(request) ? request.cookies[cookieName] : undefined);
          if (!token) throw new AppError('INVALID_REFRESH_TOKEN');
          try {
            return answer(request, reply, await sessions.refresh(token, context));
          } catch (error) {
            if (wantsCookie(request)) clearCookie(reply);
            throw error;
          }
        }
        case 'pkce': {
          if (!options.oauth) throw new AppError('VALIDATION_ERROR', 'Google sign-in is not configured.');
          const { auth_code, code_verifier } = parseGrant(pkceGrantBodySchema, body);
          return answer(request, reply, await options.oauth.exchangePkce(auth_code, code_verifier, context));
        }
        case 'id_token': {
          if (!options.oauth) throw new AppError('VALIDATION_ERROR', 'Google sign-in is not configured.');
          const { id_token, nonce } = parseGrant(idTokenGrantBodySchema, body);
          return answer(request, reply, await options.oauth.signInWithIdToken(id_token, nonce, context));
        }
      }
    },
  );

  app.post(
    '/auth/v1/otp',
    { config: limited, schema: { body: otpBodySchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.requestOtp({ ...request.body, createUser: request.body.create_user });
      return {};
    },
  );

  app.post(
    '/auth/v1/verify',
    { config: limited, schema: { body: verifyBodySchema, response: { 200: verifyResponseSchema } } },
    async (request, reply) => {
      const { type, token } = request.body;
      if (type === 'email_change' || type === 'phone_change') {
        const caller = await guard.authenticate(request);
        return { user: await auth.confirmChange(caller.userId, type, token, contextOf(request)) };
      }
      // Signed in and confirming the address the account already has (from Settings): no new session.
      if (type === 'signup' && request.headers.authorization) {
        const caller = await guard.authenticate(request);
        return { user: await auth.confirmOwnAddress(caller.userId, token) };
      }
      return answer(request, reply, await auth.verify(request.body, contextOf(request)));
    },
  );

  app.post(
    '/auth/v1/recover',
    { config: limited, schema: { body: recoverBodySchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.recover(request.body.email);
      return {};
    },
  );

  app.post(
    '/auth/v1/resend',
    { config: limited, schema: { body: resendBodySchema, response: { 200: emptySchema } } },
    async (request) => {
      await auth.resend(request.body);
      return {};
    },
  );

  app.post('/auth/v1/logout', { schema: { querystring: logoutQuerySchema } }, async (request, reply) => {
    const caller = await guard.authenticate(request);
    await auth.signOut(caller, request.query.scope, contextOf(request));
    clearCookie(reply);
    return reply.code(204).send();
  });

  app.get('/auth/v1/user', { schema: { response: { 200: userSchema } } }, async (request) => {
    const caller = await guard.authenticate(request);
    return auth.getUser(caller.userId);
  });

  app.put(
    '/auth/v1/user',
    { config: limited, schema: { body: updateUserBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      const { sign_out_others, ...changes } = request.body;
      return auth.updateUser(caller, { ...changes, signOutOthers: sign_out_others }, contextOf(request));
    },
  );

  app.get(
    '/auth/v1/reauthenticate',
    { config: limited, schema: { response: { 200: emptySchema } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      await auth.reauthenticate(caller.userId);
      return {};
    },
  );

  app.get('/auth/v1/sessions', { schema: { response: { 200: authSessionListSchema } } }, async (request) => {
    const caller = await guard.authenticate(request);
    return { sessions: await sessions.listOpen(caller.userId, caller.sessionId) };
  });

  app.post(
    '/auth/v1/factors',
    {
      config: limited,
      schema: { body: enrollFactorBodySchema, response: { 200: enrollFactorResponseSchema } },
    },
    async (request) => {
      const caller = await guard.authenticate(request);
      return factors.enroll(caller, request.body.friendly_name, contextOf(request));
    },
  );

  app.post(
    '/auth/v1/factors/:id/challenge',
    { config: limited, schema: { params: factorIdParamsSchema, response: { 200: challengeResponseSchema } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      return factors.challenge(caller, request.params.id);
    },
  );

  app.post(
    '/auth/v1/factors/:id/verify',
    {
      config: limited,
      schema: {
        params: factorIdParamsSchema,
        body: verifyFactorBodySchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const caller = await guard.authenticate(request);
      return factors.verify(
        caller,
        request.params.id,
        request.body.challenge_id,
        request.body.code,
        contextOf(request),
      );
    },
  );

  app.delete(
    '/auth/v1/factors/:id',
    { schema: { params: factorIdParamsSchema, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const caller = await guard.authenticate(request);
      return factors.unenroll(caller, request.params.id, contextOf(request));
    },
  );
};
