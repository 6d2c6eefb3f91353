import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AdminOnlyError } from './auth.errors.js';
import type { CurrentUser } from './current-user.js';

/**
 * Lets only admins through, with `@UseGuards(AdminGuard)` on a controller or a route. It runs after the global
 * `AuthGuard`, which has set who is calling; anyone else is told `AdminOnlyError` in the JSON envelope.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { user } = context.switchToHttp().getRequest<{ user?: CurrentUser }>();
    if (!user?.isAdmin) throw new AdminOnlyError();
    return true;
  }
}
