import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '#server/config/env';

/**
 * Whether a request comes from this machine: the TCP peer is a loopback address and, behind trusted
 * proxies (TRUST_PROXY), so is the client they forward for. A proxy on this machine forwarding someone
 * else's request is not "this machine".
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  return peer !== undefined && isLoopbackHost(peer) && isLoopbackHost(request.ip);
}
