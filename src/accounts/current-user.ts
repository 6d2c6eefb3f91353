import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { UserEntity } from '../platform/database/entities/index.js';

/** Who is calling, as the guard found them. */
export interface CurrentUser {
  id: string;
  uuid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** The caller as a request sees them, from their stored user. */
export function currentUserOf(user: Pick<UserEntity, 'id' | 'uuid' | 'name' | 'email' | 'isAdmin'>): CurrentUser {
  return { id: user.id, uuid: user.uuid, name: user.name, email: user.email, isAdmin: user.isAdmin };
}

export const PUBLIC_ROUTE = 'publicRoute';
/** A route anyone may call, without a token. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

export const User = createParamDecorator((_data: unknown, context: ExecutionContext): CurrentUser => {
  return context.switchToHttp().getRequest<{ user: CurrentUser }>().user;
});
