import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { User, type CurrentUser } from '../auth/current-user.js';
import { RequestInvalidError } from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SseConnection } from '../sse/sse-connection.js';
import { AnswerResumeService } from './answer-resume.service.js';
import { askRequestSchema, describeIssues, wantsCitationEvents } from './ask-request.js';
import { AskService } from './ask.service.js';

@Controller('conversation/message')
export class AskController {
  constructor(
    private readonly askService: AskService,
    private readonly resumeService: AnswerResumeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Streams the answer as Server-Sent Events; an invalid body is answered with 400 and the JSON envelope. */
  @Post('process')
  @HttpCode(200)
  async process(
    @Body() body: unknown,
    @User() user: CurrentUser,
    @Headers('x-citation-events') citationHeader: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const parsed = askRequestSchema.safeParse(body ?? {});
    if (!parsed.success) throw new RequestInvalidError(describeIssues(parsed.error));
    await this.askService.ask(parsed.data, user, this.connection(request, response), {
      citationEvents: wantsCitationEvents(parsed.data, citationHeader, this.config.stream.citationEventsDefault),
      resumable: parsed.data.resumable === true,
    });
  }

  /** The stream of an answer from event `Last-Event-ID` + 1 on: what is stored, then what is still written. */
  @Get('stream/:answerUuid')
  async resume(
    @Param('answerUuid') answerUuid: string,
    @Headers('last-event-id') lastEventHeader: string | undefined,
    @Query('lastEventId') lastEventQuery: string | undefined,
    @User() user: CurrentUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const raw = (lastEventHeader ?? lastEventQuery ?? '').trim();
    const lastEventId = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    await this.resumeService.resume(answerUuid, lastEventId, user, this.connection(request, response));
  }

  /** Stops an answer being written: it ends with `[DONE]` and is stored as interrupted. */
  @Post('stop/:answerUuid')
  @HttpCode(200)
  async stop(@Param('answerUuid') answerUuid: string, @User() user: CurrentUser) {
    return { success: true, data: await this.resumeService.stop(answerUuid, user) };
  }

  private connection(request: Request, response: Response): SseConnection {
    const { stream, ask } = this.config;
    return new SseConnection(request, response, {
      heartbeatMs: ask.heartbeatMs,
      maxUnsentBytes: stream.maxUnsentBytes,
      stallTimeoutMs: stream.stallTimeoutMs,
    });
  }
}
