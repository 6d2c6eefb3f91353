import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The client's address, as the login and registration throttles count it: behind trusted proxies the one they
 * forward (`trust proxy`, set from TRUST_PROXY), else the connection's, else `unknown`.
 */
export function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** The client's address as a route parameter: see `clientAddress`. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientAddress(context.switchToHttp().getRequest<Request>()),
);
