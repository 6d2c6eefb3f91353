import { Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { ZodBody, ZodParam, ZodQuery } from '../common/zod-pipe.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { KnowledgeQaEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import { SseConnection } from '../sse/sse-connection.js';
import { ModelCatalog } from '../platform/model-catalog.js';
import { storedSupport } from '../conversation/stored-support.js';
import { toAddedDto, toKbQaDto } from './knowledge-qa-dto.js';
import { QaRecordNotFoundError } from './knowledge-qa-errors.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';
import { KnowledgeQaService } from './knowledge-qa.service.js';
import { qaAddBody, qaKbUuidParam, qaRecordUuidParam, qaSearchQuery } from './knowledge-qa.schemas.js';
import { KnowledgeBaseNotFoundError } from '../knowledge/knowledge-errors.js';

/**
 * The knowledge-base Q&A page: add a question to a base, stream its answer, list, delete and read the references
 * of the records. Records are their asker's (and the admins'); a private base is its owner's; anything else
 * reads as missing.
 */
@Controller('knowledge-base/qa')
export class KnowledgeQaController {
  constructor(
    private readonly records: KnowledgeQaRepository,
    private readonly knowledge: KnowledgeRepository,
    private readonly qa: KnowledgeQaService,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly models: ModelCatalog,
  ) {}

  /** A question for a knowledge base the caller can read; `modelName` blank or unknown: the default model. */
  @Post('add/:kbUuid')
  @HttpCode(200)
  async add(
    @User() user: CurrentUser,
    @ZodParam('kbUuid', qaKbUuidParam) kbUuid: string,
    @ZodBody(qaAddBody) { question, modelName }: z.output<typeof qaAddBody>,
  ) {
    const base = await this.knowledge.findBase(kbUuid);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(kbUuid);
    const name = (modelName ?? '').trim();
    const record = await this.records.create(base, user.id, question, { name, id: this.models.idOf(name) });
    return { success: true, data: toAddedDto(record) };
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
    const { stream, ask } = this.config;
    const connection = new SseConnection(request, response, {
      heartbeatMs: ask.heartbeatMs,
      maxUnsentBytes: stream.maxUnsentBytes,
      stallTimeoutMs: stream.stallTimeoutMs,
    });
    await this.qa.process(uuid, user, connection);
  }

  /** The caller's records of a base, most recently changed first; an unknown or unreadable base has none. */
  @Get('search')
  async search(@User() user: CurrentUser, @ZodQuery(qaSearchQuery) q: z.output<typeof qaSearchQuery>) {
    const base = q.kbUuid === '' ? null : await this.knowledge.findBase(q.kbUuid);
    if (!base || !canRead(base, user)) {
      return { success: true, data: { records: [], total: 0, current: q.currentPage, size: q.pageSize, pages: 0 } };
    }
    const page = await this.records.search(user, { kbUuid: base.uuid, keyword: q.keyword }, q.currentPage, q.pageSize);
    return { success: true, data: { ...page, records: page.records.map((record) => this.dto(record)) } };
  }

  @Post('del/:uuid')
  @HttpCode(200)
  async remove(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    await this.records.softDelete(await this.readable(uuid, user));
    return { success: true, data: true };
  }

  /** Deletes every record of the caller, in every knowledge base. */
  @Post('clear')
  @HttpCode(200)
  async clear(@User() user: CurrentUser) {
    await this.records.clear(user.id);
    return { success: true };
  }

  /** Every chunk retrieved for the answer: the page's 引用 panels. */
  @Get('embedding-ref/:uuid')
  async embeddingRefs(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.readable(uuid, user, true);
    const refs = await this.records.embeddingRefs(record.id);
    return {
      success: true,
      data: refs.map((ref) => ({ embeddingId: ref.embeddingId, score: Number(ref.score), text: ref.chunkText })),
    };
  }

  /** The graph part of the answer's references: the page's 图谱. */
  @Get('graph-ref/:uuid')
  async graphRef(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.readable(uuid, user, true);
    const ref = await this.records.graphRef(record.id);
    const graph = ref?.graphFromStore
      ? (JSON.parse(ref.graphFromStore) as { vertices?: unknown[]; edges?: unknown[] })
      : {};
    return {
      success: true,
      data: {
        entitiesFromQuestion: ref?.entitiesFromQuestion ? ref.entitiesFromQuestion.split(',') : [],
        vertices: graph.vertices ?? [],
        edges: graph.edges ?? [],
      },
    };
  }

  /**
   * The paragraph view of the answer: its paragraphs with their citations and what the support check found of
   * each (as a conversation answer's `[CITATION_PARAGRAPH]` carries it), and each source it cited.
   */
  @Get('citation/:uuid')
  async citation(@User() user: CurrentUser, @ZodParam('uuid', qaRecordUuidParam) uuid: string) {
    const record = await this.readable(uuid, user, true);
    const { paragraphs, refs, citations } = await this.records.citationView(record.id);
    const numbers = new Map(refs.map((ref) => [ref.citationId, ref.displayNumber]));
    return {
      success: true,
      data: {
        citationMode: record.citationMode || 'answer',
        hasCitationError: record.hasCitationError,
        paragraphs: paragraphs.map((paragraph) => {
          const citationIds = JSON.parse(paragraph.citationIdsJson) as string[];
          return {
            paragraphIndex: paragraph.paragraphIndex,
            text: paragraph.text,
            citationIds,
            citationNumbers: citationIds.map((id) => numbers.get(id)!),
            ...storedSupport(paragraph, citationIds, citations),
          };
        }),
        refs: refs.map((ref) => ({
          citationId: ref.citationId,
          displayNumber: ref.displayNumber,
          type: ref.citationType,
          payload: JSON.parse(ref.payloadJson) as unknown,
        })),
      },
    };
  }

  private dto(record: KnowledgeQaEntity) {
    return toKbQaDto(record, record.answerStatus === '' ? '' : this.model.name);
  }

  /** The caller's record; with `sources`, only while its base is still readable, as its references quote it. */
  private async readable(uuid: string, user: CurrentUser, sources = false): Promise<KnowledgeQaEntity> {
    const record = await this.records.findReadable(uuid, user);
    if (!record) throw new QaRecordNotFoundError(uuid);
    if (sources) {
      const base = await this.knowledge.findBase(record.kbUuid);
      if (!base || !canRead(base, user)) throw new QaRecordNotFoundError(uuid);
    }
    return record;
  }
}
