import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { InvalidParameterError } from '../common/app-error.js';
import { describeIssues } from '../conversation/ask-request.js';
import { AuthService } from './auth.service.js';
import { Public } from './current-user.js';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'email is required'),
  password: z.string().min(1, 'password is required'),
});

@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown) {
    const parsed = loginSchema.safeParse(body ?? {});
    if (!parsed.success) throw new InvalidParameterError(describeIssues(parsed.error));
    return { success: true, data: await this.auth.login(parsed.data.email, parsed.data.password) };
  }
}
