import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** Loopback in either family, including IPv4 mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * onRequest hook for the stand-ins (mail outbox, embedded Google, embedded checkout): they serve
 * this machine only, whatever address the process was told to listen on. request.ip is the
 * client behind trusted proxies (the gateway), so a browser elsewhere is refused even through it.
 */
export async function thisMachineOnly(request: FastifyRequest): Promise<void> {
  if (!isLoopback(request.ip)) {
    throw new ApiError(403, 'This development stand-in answers only on the machine that runs it.', 'LOCAL_ONLY');
  }
}
