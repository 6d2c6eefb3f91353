import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { jsonBody, ZodPipe } from '../platform/common/zod-pipe.js';
import { loginBody } from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import { clientAddress } from './client-address.js';

/** The login route's own check of its body (AuthController), made here too: only what it takes is throttled. */
const LOGIN_PIPE = new ZodPipe(loginBody);

/** The login the route would take from this request; undefined when it would refuse the body instead. */
function loginOf(request: Request): z.output<typeof loginBody> | undefined {
  try {
    return LOGIN_PIPE.transform(jsonBody(request), { type: 'body' });
  } catch {
    return undefined;
  }
}

/**
 * Puts a login attempt past the throttle before the route's guard, pipes and handler run. In a flood of guesses
 * nearly every attempt is refused, on the thread that also answers `/health`; refused here, a refusal costs the
 * throttle's answer and the reply, and nothing else. The refusal is thrown as the login would throw it, and
 * answered by the same exception filter. An admitted attempt goes on to the route, whose login finds the
 * admission made (AuthService.admitLogin); a body the route would refuse goes on unthrottled, to be told what is
 * wrong with it, as before.
 */
@Injectable()
export class LoginThrottleMiddleware implements NestMiddleware {
  constructor(private readonly auth: AuthService) {}

  async use(request: Request, _response: Response, next: NextFunction): Promise<void> {
    const login = loginOf(request);
    if (login) await this.auth.admitLogin(request, login.email, clientAddress(request));
    next();
  }
}
