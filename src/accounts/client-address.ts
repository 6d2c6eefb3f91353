import type { Request } from 'express';

/**
 * The client's address, as the throttles count it: behind trusted proxies the one they forward (`trust proxy`,
 * set from TRUST_PROXY), else the connection's.
 */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
