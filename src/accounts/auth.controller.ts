import { Controller, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { ZodBody } from '../platform/common/zod-pipe.js';
import { loginBody } from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import { ClientAddress } from './client-address.js';
import { Public } from './current-user.js';

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@ZodBody(loginBody) body: z.output<typeof loginBody>, @ClientAddress() address: string) {
    return { success: true, data: await this.auth.login(body.email, body.password, address) };
  }
}
