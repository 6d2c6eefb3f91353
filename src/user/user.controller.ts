import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { Public, User, type CurrentUser } from '../auth/current-user.js';
import { ZodBody } from '../common/zod-pipe.js';
import { avatarPng } from '../common/avatar.js';
import { newPassword } from '../auth/password-rules.js';
import { UserService } from './user.service.js';
import { AvatarSizeError } from './user-errors.js';

const AVATAR_SIDE = z.coerce.number().int().min(32).max(128).default(64);
const avatarQuery = z.object({ width: AVATAR_SIDE, height: AVATAR_SIDE });
const passwordBody = z.object({ oldPassword: z.string().min(1, 'oldPassword is required'), newPassword });

/** The signed-in user's own settings and account, and anyone's avatar picture. */
@Controller('user')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Get('config')
  async config(@User() user: CurrentUser) {
    return { success: true, data: await this.users.settings(user) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Headers('authorization') authorization: string) {
    await this.users.logout(authorization.trim().replace(/^Bearer\s+/i, ''));
    return { success: true };
  }

  @Post('password/modify')
  @HttpCode(200)
  async modifyPassword(@User() user: CurrentUser, @ZodBody(passwordBody) fields: z.output<typeof passwordBody>) {
    await this.users.modifyPassword(user, fields.oldPassword, fields.newPassword);
    return { success: true, data: '修改成功' };
  }

  /** Pictures load through `<img>`, without a token; the picture depends only on the uuid, so it caches for a year. */
  @Public()
  @Get('avatar/:uuid')
  avatar(@Param('uuid') uuid: string, @Query() query: unknown, @Res() response: Response) {
    const size = avatarQuery.safeParse(query);
    if (!size.success) throw new AvatarSizeError('width and height are whole numbers from 32 to 128 (default 64).');
    response
      .status(200)
      .set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' })
      .send(avatarPng(uuid, size.data.width, size.data.height));
  }
}
