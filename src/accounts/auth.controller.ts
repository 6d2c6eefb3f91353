import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodBody } from '../platform/common/zod-pipe.js';
import { loginBody } from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import { clientAddress } from './client-address.js';
import { Public } from './current-user.js';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@ZodBody(loginBody) body: z.output<typeof loginBody>, @Req() request: Request) {
    return { success: true, data: await this.auth.login(request, body.email, body.password, clientAddress(request)) };
  }
}
