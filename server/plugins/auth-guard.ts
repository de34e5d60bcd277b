import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors/app-error';
import type { SessionService } from '../modules/auth/session.service';
import type { TokenService } from '../modules/auth/tokens';

export type AuthContext = {
  userId: string;
  sessionId: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  email: string | null;
};

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
      // jwtVerify has checked exp; it is present on every token this server signs.
      expiresAtMs: ((claims as { exp?: number }).exp ?? 0) * 1000,
    };
  }

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const { expiresAtMs: _expiresAtMs, ...context } = await authenticateToken(match[1]);
    return context;
  }

  return {
    authenticate,
    authenticateToken,
    /** The caller, or null when no Authorization header is present (an invalid one is still an error). */
    async authenticateOptional(request: FastifyRequest): Promise<AuthContext | null> {
      return request.headers.authorization ? authenticate(request) : null;
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
