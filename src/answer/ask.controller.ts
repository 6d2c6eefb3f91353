import { Controller, Get, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerResumeService } from './answer-resume.service.js';
import { askChoices } from './ask-request.js';
import { answerUuidParam, askBody, askInvalid, resumeQuery, type AskRequest } from './ask.schemas.js';
import { AnswerEngine } from './answer-engine.js';
import { CHAT_PROFILE } from './answer-profile.js';
import { ChatQuestions } from './chat-questions.js';
import { answerConnection } from './answer-connection.js';
import { resumePosition } from './resume-position.js';

@Controller('conversation/message')
export class AskController {
  constructor(
    private readonly engine: AnswerEngine,
    private readonly questions: ChatQuestions,
    private readonly resumeService: AnswerResumeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Streams the answer as Server-Sent Events; an invalid body is answered with 400 and the JSON envelope. */
  @Post('process')
  @HttpCode(200)
  async process(
    @ZodBody(askBody, askInvalid) body: AskRequest,
    @User() user: CurrentUser,
    @Headers('x-citation-events') citationHeader: string | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const choices = askChoices(body, citationHeader, this.config.stream.citationEventsDefault);
    const connection = answerConnection(this.config, request, response);
    await this.engine.answer(CHAT_PROFILE, () => this.questions.find(body, user), connection, choices);
  }

  /** The stream of an answer from event `Last-Event-ID` + 1 on: what is stored, then what is still written. */
  @Get('stream/:answerUuid')
  async resume(
    @ZodParam('answerUuid', answerUuidParam, askInvalid) answerUuid: string,
    @ZodQuery(resumeQuery, askInvalid) query: z.output<typeof resumeQuery>,
    @Headers('last-event-id') lastEventHeader: string | undefined,
    @User() user: CurrentUser,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const last = resumePosition(lastEventHeader, query.lastEventId);
    await this.resumeService.resume(answerUuid, last, user, answerConnection(this.config, request, response));
  }

  /** Stops an answer being written: it ends with `[DONE]` and is stored as interrupted. */
  @Post('stop/:answerUuid')
  @HttpCode(200)
  async stop(@ZodParam('answerUuid', answerUuidParam, askInvalid) answerUuid: string, @User() user: CurrentUser) {
    return { success: true, data: await this.resumeService.stop(answerUuid, user) };
  }
}
