import { Controller, Get, Headers, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { tokenOfHeader } from './auth.service.js';
import { Public, User, type CurrentUser } from './current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import { avatarPng } from '../platform/common/avatar.js';
import { UserService } from './user.service.js';
import { avatarQuery, avatarSizeInvalid, avatarUuidParam, passwordBody } from './user.schemas.js';

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
    await this.users.logout(tokenOfHeader(authorization));
    return { success: true };
  }

  @Post('password/modify')
  @HttpCode(200)
  async modifyPassword(
    @User() user: CurrentUser,
    @Headers('authorization') authorization: string,
    @ZodBody(passwordBody) fields: z.output<typeof passwordBody>,
  ) {
    await this.users.modifyPassword(user, tokenOfHeader(authorization), fields.oldPassword, fields.newPassword);
    return { success: true, data: '修改成功' };
  }

  /** Pictures load through `<img>`, without a token; the picture depends only on the uuid, so it caches for a year. */
  @Public()
  @Get('avatar/:uuid')
  avatar(
    @ZodParam('uuid', avatarUuidParam) uuid: string,
    @ZodQuery(avatarQuery, avatarSizeInvalid) size: z.output<typeof avatarQuery>,
    @Res() response: Response,
  ) {
    response
      .status(200)
      .set({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' })
      .send(avatarPng(uuid, size.width, size.height));
  }
}
