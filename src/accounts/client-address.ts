import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The caller's address, as the login and registration throttles count it: the one Express gives (the proxy's
 * forwarded one when TRUST_PROXY trusts it), else the socket's, else `unknown`.
 */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<Request>();
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
});
