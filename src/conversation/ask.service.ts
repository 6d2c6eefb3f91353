import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CurrentUser } from '../auth/current-user.js';
import { CitationCatalog } from '../citation/citation-catalog.js';
import {
  AnswerInProgressError,
  AppError,
  ConversationNotFoundError,
  RequestInvalidError,
} from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { ConversationEntity } from '../database/entities/index.js';
import type { AnswerStatus } from '../database/entities/message.entity.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { RETRIEVAL_PORT, type RetrievalPort, type RetrievalResult } from '../knowledge/retrieval-port.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import type { SseConnection } from '../sse/sse-connection.js';
import { legacyText, sseEvent } from '../sse/sse-frames.js';
import { answerEvents, deadline, withRepairRetry, type AnswerEvent } from './answer-events.js';
import { AnswerStore, type AnswerRecord } from './answer-store.js';
import { AnswerWriter, EVENT, STATES } from './answer-writer.js';
import { ASK_LIMITS, type AskLimits } from './ask-limits.js';
import type { AskRequest } from './ask-request.js';
import { ConversationRepository, knowledgeBaseIdsOf } from './conversation.repository.js';
import { MessageRepository } from './message.repository.js';
import { newUuid } from '../common/ids.js';
import type { AnswerMetrics } from '../metrics/answer-metrics.js';
import { MetricsService } from '../metrics/metrics.service.js';

export class RateLimitedError extends AppError {
  readonly code = 'ASK_RATE_LIMITED';
  constructor(perMinute: number) {
    super(`Too many questions: at most ${perMinute} a minute. Wait a moment and ask again.`);
  }
}

interface Question {
  text: string;
  /** Set when an earlier question is answered again. */
  existingId?: string;
  uuid: string;
}

/**
 * One question, answered as a stream: pre-flight checks, retrieval, the model through the citation core, the
 * protocol's events on the connection, and the answer stored before `[DONE]`. Failures found before any work
 * are sent as `[ERROR]` before `[START]`.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger(AskService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(RETRIEVAL_PORT) private readonly retrieval: RetrievalPort,
    @Inject(ASK_LIMITS) private readonly limits: AskLimits,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly store: AnswerStore,
    private readonly knowledge: KnowledgeRepository,
    private readonly metrics: MetricsService,
  ) {}

  async ask(request: AskRequest, user: CurrentUser, connection: SseConnection): Promise<void> {
    const conversation = await this.conversations.findByUuid(request.conversationUuid);
    if (!conversation || (conversation.userId !== user.id && !user.isAdmin)) {
      return this.refuse(connection, new ConversationNotFoundError(request.conversationUuid));
    }
    const question = await this.questionOf(request, user);
    if (question === undefined) {
      return this.refuse(
        connection,
        new RequestInvalidError('regenerateQuestionUuid names no question of yours; send prompt.'),
      );
    }
    if (!(await this.limits.allow(user.id))) {
      return this.refuse(connection, new RateLimitedError(this.config.limits.asksPerMinute));
    }
    const release = await this.limits.acquire(user.id);
    if (release === undefined) return this.refuse(connection, new AnswerInProgressError());
    try {
      this.metrics.streamOpened(connection);
      connection.write(
        sseEvent(EVENT.start, '') + sseEvent(EVENT.stateChanged, JSON.stringify(STATES.questionAnalysing)),
      );
      await this.answer(question, request, user, conversation, connection);
    } catch (error) {
      // Headers are out: the only way left to report a failure is `[ERROR]`, and the stream must end.
      this.logFailure(error);
      if (!connection.closed) new AnswerWriter(connection).fail(error);
    } finally {
      await release();
    }
  }

  private async questionOf(request: AskRequest, user: CurrentUser): Promise<Question | undefined> {
    const prompt = (request.prompt ?? '').trim();
    const regenerate = (request.regenerateQuestionUuid ?? '').trim();
    if (regenerate === '') return { text: prompt, uuid: newUuid() };
    const earlier = await this.messages.findReadable(regenerate, user);
    if (!earlier || earlier.parentMessageId !== '0') return undefined;
    return { text: earlier.remark, existingId: earlier.id, uuid: earlier.uuid };
  }

  private refuse(connection: SseConnection, error: AppError): void {
    this.logger.warn({ message: 'ask refused before start', code: error.code });
    this.metrics.askRejected();
    connection.write(sseEvent(EVENT.error, `${error.code}: ${error.message}`));
    connection.end();
  }

  private async answer(
    question: Question,
    request: AskRequest,
    user: CurrentUser,
    conversation: ConversationEntity,
    connection: SseConnection,
  ): Promise<void> {
    const writer = new AnswerWriter(connection);
    let hits: RetrievalResult | undefined;
    try {
      // A knowledge base made private by its owner since it was attached is no longer searched.
      const knowledgeBases = (await this.knowledge.findBasesByIds(knowledgeBaseIdsOf(conversation)))
        .filter((base) => canRead(base, user))
        .map((base) => base.id);
      if (knowledgeBases.length > 0) {
        connection.write(sseEvent(EVENT.stateChanged, JSON.stringify(STATES.knowledgeSearching)));
        hits = await this.retrieval.retrieve(question.text, knowledgeBases);
      }
    } catch (error) {
      this.logFailure(error);
      return writer.fail(error);
    }
    if (connection.closed) return;
    const catalog = CitationCatalog.fromHits(hits?.embeddings ?? [], hits?.graph ?? []);
    const observed = this.metrics.answerStarted();
    const ending = await this.stream(question.text, request, catalog, writer, connection, observed);
    const answerUuid = newUuid();
    const record = this.record(ending.status, writer, { user, conversation, question, answerUuid, hits });
    try {
      await this.store.save(record);
    } catch (error) {
      this.logFailure(error);
      this.metrics.storageFailed();
      observed.finished('failed');
      if (ending.status === 'complete') return writer.fail(error);
    }
    observed.finished(ending.status);
    if (ending.status === 'complete') {
      writer.finish({
        questionUuid: question.uuid,
        answerUuid,
        isRefEmbedding: (hits?.embeddings.length ?? 0) > 0,
        isRefGraph: (hits?.graph.length ?? 0) > 0,
      });
    } else if (ending.status === 'failed') {
      writer.fail(ending.error);
    }
  }

  /** Streams the model's answer to the connection; resolves with how it ended. */
  private stream(
    question: string,
    request: AskRequest,
    catalog: CitationCatalog,
    writer: AnswerWriter,
    connection: SseConnection,
    observed: AnswerMetrics,
  ): Promise<{ status: 'complete' } | { status: 'failed'; error: unknown } | { status: 'interrupted' }> {
    const { timeoutMs, repairRetry } = this.config.ask;
    const modelName = request.modelName?.trim();
    const attempt = (repair: boolean) =>
      this.model
        .stream({ question, catalog, repair, ...(modelName ? { modelName } : {}) })
        .pipe(
          observed.modelOutput(),
          deadline(timeoutMs),
          answerEvents(catalog, { numbering: this.config.citation.numbering }),
        );
    const answer$ = repairRetry
      ? withRepairRetry(attempt, (reason) => this.logger.warn({ message: 'answer format broke; asking again', reason }))
      : attempt(false);
    return new Promise((resolve) => {
      const subscription = answer$.subscribe({
        next: (event: AnswerEvent) => {
          writer.event(event);
          observed.event(event);
        },
        error: (error: unknown) => {
          this.logFailure(error);
          resolve({ status: 'failed', error });
        },
        complete: () => {
          const summary = writer.summary?.summary;
          if (summary?.hasCitationError) {
            this.logger.warn({
              message: 'answer fell back to plain text',
              outcome: summary.outcome,
              reason: summary.reason,
            });
          }
          resolve({ status: 'complete' });
        },
      });
      connection.onClose(() => {
        if (subscription.closed) return;
        subscription.unsubscribe();
        resolve({ status: 'interrupted' });
      });
    });
  }

  /** What is kept of the answer: the summary when it completed, otherwise what the reader was shown. */
  private record(
    status: AnswerStatus,
    writer: AnswerWriter,
    context: {
      user: CurrentUser;
      conversation: ConversationEntity;
      question: Question;
      answerUuid: string;
      hits: RetrievalResult | undefined;
    },
  ): AnswerRecord & { questionId?: string } {
    const shown = writer.shown;
    const done = status === 'complete' ? writer.summary : undefined;
    const summary = done?.summary;
    return {
      userId: context.user.id,
      conversation: context.conversation,
      questionUuid: context.question.uuid,
      ...(context.question.existingId ? { questionId: context.question.existingId } : {}),
      answerUuid: context.answerUuid,
      question: context.question.text,
      answerText: legacyText(summary?.answerText ?? shown.text.join('')),
      thinking: shown.thinking.join(''),
      status,
      citationMode: shown.paragraphs.length > 0 ? 'paragraph' : 'answer',
      parseOutcome: summary?.outcome,
      hasCitationError: summary?.hasCitationError ?? true,
      droppedCitationCount: summary?.droppedCitationCount ?? 0,
      uncitedParagraphCount: shown.paragraphs.filter((paragraph) => paragraph.citationIds.length === 0).length,
      paragraphs: shown.paragraphs,
      refs: shown.refs,
      retrieval: context.hits,
      totalTokens: done?.usage?.totalTokens ?? 0,
      completionTokens: done?.usage?.completionTokens ?? 0,
      modelPlatform: this.model.name,
    };
  }

  private logFailure(error: unknown): void {
    if (error instanceof AppError)
      this.logger.warn({ message: 'answer failed', code: error.code, detail: error.message });
    else this.logger.error({ message: 'answer failed', error: error instanceof Error ? error.stack : String(error) });
  }
}
