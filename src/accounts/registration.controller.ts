import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ZodBody } from '../platform/common/zod-pipe.js';
import { blankPng } from '../platform/common/avatar.js';
import { newPassword } from './password-rules.js';
import { clientAddress } from './client-address.js';
import { Public } from './current-user.js';
import { RegistrationService } from './registration.service.js';

/** The captcha fields the stock form always sends are accepted and not checked: this server asks for no captcha. */
const registerBody = z.object({
  email: z.string().trim().pipe(z.email('email must be an e-mail address').max(120)),
  password: newPassword,
  captchaId: z.string().optional(),
  captchaCode: z.string().optional(),
});

const CAPTCHA_IMAGE = blankPng(100, 36);

/** Account creation from the stock login dialog's 注册 tab. */
@Controller('auth/register')
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Public()
  @Post()
  @HttpCode(200)
  async register(@ZodBody(registerBody) fields: z.output<typeof registerBody>, @Req() request: Request) {
    const address = clientAddress(request);
    return { success: true, data: await this.registration.register(fields.email, fields.password, address) };
  }

  /** The form always shows a captcha image; with no captcha to solve, it is a blank one. */
  @Public()
  @Get('captcha')
  captcha(@Res() response: Response) {
    response.status(200).set({ 'Content-Type': 'image/png', 'Cache-Control': 'no-store' }).send(CAPTCHA_IMAGE);
  }
}
