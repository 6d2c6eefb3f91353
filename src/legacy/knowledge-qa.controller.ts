import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { answerConnection } from '../answer/answer-connection.js';
import { AnswerEngine } from '../answer/answer-engine.js';
import { QA_CHOICES, QA_PROFILE } from '../answer/answer-profile.js';
import { AnswerReferences } from '../answer/answer-references.service.js';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../platform/common/zod-pipe.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import { toAddedDto, toKbQaDto } from './knowledge-qa-dto.js';
import { KnowledgeQaService } from './knowledge-qa.service.js';
import { qaAddBody, qaKbUuidParam, qaRecordUuidParam, qaSearchQuery } from './knowledge-qa.schemas.js';

/**
 * The knowledge-base Q&A page: add a question to a base, stream its answer (through the answer engine, with the
 * Q&A profile), list, delete and read the references of the records.
 */
@Controller('knowledge-base/qa')
export class KnowledgeQaController {
  constructor(
    private readonly qa: KnowledgeQaService,
    private readonly engine: AnswerEngine,
    private readonly references: AnswerReferences,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('add/:kbUuid')
  @HttpCode(200)
  async add(
    @User() user: CurrentUser,
    @ZodParam('kbUuid', qaKbUuidParam) kbUuid: string,
    @ZodBody(qaAddBody) { question, modelName }: z.output<typeof qaAddBody>,
  ) {
    return { success: true, data: toAddedDto(await this.qa.add(kbUuid, user, question, modelName)) };
  }

  /** Streams the record's answer as Server-Sent Events (the request body, `{qaRecordUuid}`, says nothing more). */
  @Post('process/:uuid')
  @HttpCode(200)
  async process(
    @User() user: CurrentUser,
    @ZodParam('uuid', qaRecordUuidParam) uuid: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const connection = answerConnection(this.config, request, response);
    await this.engine.answer(QA_PROFILE, () => this.qa.question(uuid, user), connection, QA_CHOICES);
  }

  @Get('search')
  async search(@User() user: CurrentUser, @ZodQuery(qaSearchQuery) q: z.output<typeof qaSearchQuery>) {
    const page = await this.qa.search(user, { kbUuid: q.kbUuid, keyword: q.keyword }, q.currentPage, q.pageSize);
    const records = page.records.map((record) => toKbQaDto(record, this.model.name));
    return { success: true, data: { ...page, records } };
  }

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    await this.qa.remove(uuid, user);
    return { success: true, data: true };
  }

  @Post('clear')
  @HttpCode(200)
  async clear(@User() user: CurrentUser) {
    await this.qa.clear(user.id);
    return { success: true };
  }

  /** Every chunk retrieved for the answer: the page's 引用 panels. */
  @Get('embedding-ref/:uuid')
  async embeddingRefs(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.qa.readable(uuid, user, true);
    return { success: true, data: await this.references.embeddingRefs({ qaRecordId: record.id }) };
  }

  /** The graph part of the answer's references: the page's 图谱. */
  @Get('graph-ref/:uuid')
  async graphRef(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.qa.readable(uuid, user, true);
    return { success: true, data: await this.references.graphRef({ qaRecordId: record.id }) };
  }

  /**
   * The paragraph view of the answer: its paragraphs with their citations and what the support check found of
   * each (as a conversation answer's `[CITATION_PARAGRAPH]` carries it), and each source it cited.
   */
  @Get('citation/:uuid')
  async citation(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.qa.readable(uuid, user, true);
    return { success: true, data: await this.references.qaCitationView(record.id, record) };
  }
}
