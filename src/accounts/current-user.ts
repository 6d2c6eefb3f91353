import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';

/** Who is calling, as the guard found them. */
export interface CurrentUser {
  id: string;
  uuid: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export const PUBLIC_ROUTE = 'publicRoute';
/** A route anyone may call, without a token. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

export const User = createParamDecorator((_data: unknown, context: ExecutionContext): CurrentUser => {
  return context.switchToHttp().getRequest<{ user: CurrentUser }>().user;
});
