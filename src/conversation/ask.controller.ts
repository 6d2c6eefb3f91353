import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { User, type CurrentUser } from '../auth/current-user.js';
import { RequestInvalidError } from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SseConnection } from '../sse/sse-connection.js';
import { askRequestSchema, describeIssues } from './ask-request.js';
import { AskService } from './ask.service.js';

@Controller('conversation/message')
export class AskController {
  constructor(
    private readonly askService: AskService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Streams the answer as Server-Sent Events; an invalid body is answered with 400 and the JSON envelope. */
  @Post('process')
  @HttpCode(200)
  async process(
    @Body() body: unknown,
    @User() user: CurrentUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const parsed = askRequestSchema.safeParse(body ?? {});
    if (!parsed.success) throw new RequestInvalidError(describeIssues(parsed.error));
    await this.askService.ask(parsed.data, user, new SseConnection(request, response, this.config.ask.heartbeatMs));
  }
}
