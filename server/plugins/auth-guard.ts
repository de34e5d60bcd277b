import type { FastifyRequest } from 'fastify';
import { AppError } from '#domain/errors/app-error';
import type { SessionService } from '../modules/auth/sessions/session.service';
import type { TokenService } from '../modules/auth/sessions/tokens';

export type AuthContext = {
  userId: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  email: string | null;
  /** Signed in by a session's guest link: only GUEST_ROUTES are open to it. */
  guest: boolean;
};

/** The sign-in method (amr) of a session started by redeeming a guest link. */
export const GUEST_SIGN_IN_METHOD = 'guest_link';

export const GUEST_FORBIDDEN_MESSAGE =
  'As a guest you can only take part in the session you were invited to.';

/**
 * What a guest may do: what the session room does for them — know who they are,
 * read the session and its chat, send messages and attachments, sign out. Every other route that
 * needs a signed-in caller answers a guest 403; routes open to anybody treat a guest as anonymous.
 * Keys are `METHOD /route/pattern` as registered (test/authz checks each one exists).
 */
export const GUEST_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/me',
  'GET /auth/v1/user',
  'POST /auth/v1/logout',
  'GET /api/sessions/active',
  'GET /api/sessions/:id',
  'GET /api/sessions/:id/messages',
  'POST /api/sessions/:id/messages',
  'POST /api/sessions/:id/read',
  'POST /api/sessions/:id/typing',
  'POST /api/sessions/:id/attachments',
  'GET /api/sessions/:id/messages/:messageId/attachment',
]);

const isGuestSession = (amr: readonly { method: string }[]) =>
  amr.some((entry) => entry.method === GUEST_SIGN_IN_METHOD);

/** Whether the route a request matched is open to guests (HEAD is its GET). */
export function isGuestRoute(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): boolean {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return GUEST_ROUTES.has(`${method} ${request.routeOptions.url ?? ''}`);
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Who is calling: verifies the bearer access token (ES256, kid, exp, iss, aud) and, by default, that
 * its session is still open in the database, so signing out or a revoked session takes effect at
 * once on every endpoint, not only when the token expires. The session's own aal is authoritative.
 */
export function createAuthGuard(deps: { tokens: TokenService; sessions: SessionService }) {
  /**
   * The same checks for a bare access token (the realtime handshake): signature, claims and open
   * session. Also gives the token's expiry (ms since the epoch), so a socket can end when it passes.
   */
  async function authenticateToken(token: string): Promise<AuthContext & { expiresAtMs: number }> {
    const claims = await deps.tokens.verifyAccessToken(token);
    if (!claims) throw new AppError('UNAUTHENTICATED', 'Invalid JWT');
    const session = await deps.sessions.findActiveSession(claims.session_id);
    if (!session || session.userId !== claims.sub) throw new AppError('SESSION_EXPIRED');
    return {
      userId: claims.sub,
      sessionId: session.id,
      aal: session.aal,
      amr: session.amr,
      email: claims.email,
      // The session row's amr is authoritative: a guest link's session stays a guest's through refreshes.
      guest: isGuestSession(session.amr),
      // jwtVerify has checked exp; it is present on every token this server signs.
      expiresAtMs: ((claims as { exp?: number }).exp ?? 0) * 1000,
    };
  }

  /** The bearer's context, whoever it is (the guest check is the callers' below). */
  async function verifyBearer(request: FastifyRequest): Promise<AuthContext> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const { expiresAtMs: _expiresAtMs, ...context } = await authenticateToken(match[1]);
    return context;
  }

  /** The one place a guest is kept to its session room: any other route refuses it (403). */
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const context = await verifyBearer(request);
    if (context.guest && !isGuestRoute(request)) throw new AppError('FORBIDDEN', GUEST_FORBIDDEN_MESSAGE);
    return context;
  }

  return {
    authenticate,
    authenticateToken,
    /**
     * The caller, or null when no Authorization header is present (an invalid one is still an error).
     * On a route open to anybody, a guest outside GUEST_ROUTES is anybody: anonymous.
     */
    async authenticateOptional(request: FastifyRequest): Promise<AuthContext | null> {
      if (!request.headers.authorization) return null;
      const context = await verifyBearer(request);
      return context.guest && !isGuestRoute(request) ? null : context;
    },
    /** Signed in with a verified second factor in this session. */
    async authenticateAal2(request: FastifyRequest): Promise<AuthContext> {
      const auth = await authenticate(request);
      if (auth.aal !== 'aal2') throw new AppError('INSUFFICIENT_AAL');
      return auth;
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
