import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  idTokenGrantBodySchema,
  pkceGrantBodySchema,
  REFRESH_COOKIE_HEADER,
  SESSION_HINT_COOKIE,
  type AuthSession,
} from '#contracts/auth';
import { authApi as endpoints } from '#contracts/auth.api';
import { AppError } from '#domain/errors/app-error';
import type { HttpApp, Route } from '#server/http/route';
import type { AuthGuard } from '#server/plugins/auth-guard';
import { tokenEndpointLimit, type RateBudget } from '#server/plugins/rate-limit';
import { isLoopbackRequest } from '../outbox/loopback';
import type { AuthService } from './auth.service';
import type { FactorsService } from './factors/factors.service';
import type { RequestContext, SessionService } from './sessions/session.service';
import type { TokenService } from './sessions/tokens';

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

/** SPEC §7 Auth API under /auth/v1 (contracts/auth.api.ts). Thin: call one service function, answer. */
export function authRoutes(app: HttpApp, route: Route, options: AuthRoutesOptions) {
  const { auth, sessions, factors, tokens, guard } = options;
  const cookieName = refreshCookieName(options.cookie);
  const limited = {
    config: { rateLimit: { max: options.rateLimit.max, timeWindow: options.rateLimit.windowMs } },
  };

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

  route(app, endpoints.settings, async ({ request }) => ({
    external: { google: options.settings.google },
    // The mailbox answers only requests from this machine (outbox.routes.ts): only they get the link.
    mailbox: options.settings.mailbox && isLoopbackRequest(request),
    demo_accounts: options.settings.demoAccounts,
  }));

  route(app, endpoints.jwks, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=600');
    return tokens.jwks();
  });

  route(app, endpoints.signUp, limited, async ({ request, reply, body }) =>
    answer(request, reply, await auth.signUp(body, contextOf(request))),
  );

  route(app, endpoints.token, { config: tokenEndpointLimit(options.rateLimit) }, async (input) => {
    const { request, reply, body, query } = input;
    const context = contextOf(request);
    switch (query.grant_type) {
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
        const token = body.refresh_token || (wantsCookie(request) ? request.cookies[cookieName] : undefined);
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
  });

  route(app, endpoints.otp, limited, async ({ body }) => {
    await auth.requestOtp({ ...body, createUser: body.create_user });
    return {};
  });

  route(app, endpoints.verify, limited, async ({ request, reply, body }) => {
    const { type, token } = body;
    // The two signed-in uses: the caller is asked for here (the endpoint is open for the others).
    if (type === 'email_change' || type === 'phone_change') {
      const caller = await guard.authenticate(request);
      return { user: await auth.confirmChange(caller.userId, type, token, contextOf(request)) };
    }
    // Signed in and confirming the address the account already has (from Settings): no new session.
    if (type === 'signup' && request.headers.authorization) {
      const caller = await guard.authenticate(request);
      return { user: await auth.confirmOwnAddress(caller.userId, token) };
    }
    return answer(request, reply, await auth.verify(body, contextOf(request)));
  });

  route(app, endpoints.recover, limited, async ({ body }) => {
    await auth.recover(body.email);
    return {};
  });

  route(app, endpoints.resend, limited, async ({ body }) => {
    await auth.resend(body);
    return {};
  });

  route(app, endpoints.logout, async ({ caller, query, request, reply }) => {
    await auth.signOut(caller, query.scope, contextOf(request));
    clearCookie(reply);
    return reply.code(204).send();
  });

  route(app, endpoints.getUser, async ({ caller }) => auth.getUser(caller.userId));

  route(app, endpoints.updateUser, limited, async ({ caller, body, request }) => {
    const { sign_out_others, ...changes } = body;
    return auth.updateUser(caller, { ...changes, signOutOthers: sign_out_others }, contextOf(request));
  });

  route(app, endpoints.reauthenticate, limited, async ({ caller }) => {
    await auth.reauthenticate(caller.userId);
    return {};
  });

  route(app, endpoints.sessions, async ({ caller }) => ({
    sessions: await sessions.listOpen(caller.userId, caller.sessionId),
  }));

  route(app, endpoints.enrollFactor, limited, async ({ caller, body, request }) =>
    factors.enroll(caller, body.friendly_name, contextOf(request)),
  );

  route(app, endpoints.challengeFactor, limited, async ({ caller, params }) =>
    factors.challenge(caller, params.id),
  );

  route(app, endpoints.verifyFactor, limited, async ({ caller, params, body, request }) =>
    factors.verify(caller, params.id, body.challenge_id, body.code, contextOf(request)),
  );

  route(app, endpoints.unenrollFactor, async ({ caller, params, request }) =>
    factors.unenroll(caller, params.id, contextOf(request)),
  );
}
