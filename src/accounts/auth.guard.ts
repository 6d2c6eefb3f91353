import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthService } from './auth.service.js';
import { PUBLIC_ROUTE, type CurrentUser } from './current-user.js';

/**
 * The raw token in `Authorization` (no `Bearer`), as legacy clients send it. A missing or unknown token is a
 * bare 401. Only routes that exist reach a guard, so an unknown route stays a 404: the stock frontend logs the
 * user out on any 401.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]))
      return true;
    const request = context.switchToHttp().getRequest<Request & { user?: CurrentUser }>();
    const user = await this.auth.userOfRequest(request);
    if (!user) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}
