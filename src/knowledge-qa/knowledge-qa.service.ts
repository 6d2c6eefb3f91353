import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CurrentUser } from '../auth/current-user.js';
import { CitationCatalog } from '../citation/citation-catalog.js';
import type { CitationParagraph, CitationRef } from '../citation/citation-events.js';
import { AnswerInProgressError, AppError, errorText } from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { answerEvents, deadline, withRepairRetry, type AnswerEvent } from '../conversation/answer-events.js';
import { ASK_LIMITS, type AskLimits } from '../conversation/ask-limits.js';
import { RateLimitedError } from '../conversation/ask.service.js';
import type { KnowledgeBaseEntity, KnowledgeQaEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { RETRIEVAL_PORT, type RetrievalPort, type RetrievalResult } from '../knowledge/retrieval-port.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import type { SseConnection } from '../sse/sse-connection.js';
import { LegacyTextFramer, legacyText, sseEvent } from '../sse/sse-frames.js';
import { QaRecordNotFoundError } from './knowledge-qa-errors.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';

/** The Q&A page's events: fewer than a conversation's, and `[DONE]` carries no data. */
export const QA_EVENT = { start: '[START]', done: '[DONE]', error: '[ERROR]' } as const;

type Ending = { status: 'complete' } | { status: 'failed'; error: unknown } | { status: 'interrupted' };

/** What the reader has been shown of one answer, and its summary once the model is done. */
interface Shown {
  text: string[];
  paragraphs: CitationParagraph[];
  refs: CitationRef[];
  done?: Extract<AnswerEvent, { type: 'done' }>;
}

/**
 * Answers one Q&A record of a knowledge base as a stream: the same guards, retrieval (limited to that base),
 * model and citation core as a conversation's answer, on the Q&A page's event set: `[START]`, the answer text
 * as legacy unnamed events, then `[DONE]` with no data, or `[ERROR]`. Paragraphs and cited sources are not
 * sent, but they are stored with the answer. Refusals come before `[START]`; after it, every failure ends
 * with `[ERROR]`.
 */
@Injectable()
export class KnowledgeQaService {
  private readonly logger = new Logger(KnowledgeQaService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(RETRIEVAL_PORT) private readonly retrieval: RetrievalPort,
    @Inject(ASK_LIMITS) private readonly limits: AskLimits,
    private readonly records: KnowledgeQaRepository,
    private readonly knowledge: KnowledgeRepository,
  ) {}

  async process(uuid: string, user: CurrentUser, connection: SseConnection): Promise<void> {
    const record = await this.records.findReadable(uuid, user);
    // A base made private (or deleted) since the question was added is no longer asked.
    const base = record ? await this.knowledge.findBase(record.kbUuid) : null;
    if (!record || !base || !canRead(base, user)) return this.refuse(connection, new QaRecordNotFoundError(uuid));
    if (!(await this.limits.allow(user.id))) {
      return this.refuse(connection, new RateLimitedError(this.config.limits.asksPerMinute));
    }
    const release = await this.limits.acquire(user.id);
    if (release === undefined) return this.refuse(connection, new AnswerInProgressError());
    const framer = new LegacyTextFramer();
    try {
      connection.write(sseEvent(QA_EVENT.start, ''));
      await this.answer(record, base, framer, connection);
    } catch (error) {
      this.logFailure(error);
      this.fail(connection, framer, error);
    } finally {
      await release();
    }
  }

  private async answer(
    record: KnowledgeQaEntity,
    base: KnowledgeBaseEntity,
    framer: LegacyTextFramer,
    connection: SseConnection,
  ): Promise<void> {
    const hits = await this.retrieval.retrieve(record.question, [base.id]);
    if (connection.closed) return;
    const catalog = CitationCatalog.fromHits(hits.embeddings, hits.graph);
    const shown: Shown = { text: [], paragraphs: [], refs: [] };
    const ending = await this.stream(record, catalog, shown, framer, connection);
    try {
      await this.records.saveAnswer(this.toRecord(record, ending, shown, hits));
    } catch (error) {
      this.logFailure(error);
      if (ending.status === 'complete') return this.fail(connection, framer, error);
    }
    if (ending.status === 'complete') {
      connection.write(framer.flush() + sseEvent(QA_EVENT.done, ''));
      connection.end();
    } else if (ending.status === 'failed') {
      this.fail(connection, framer, ending.error);
    }
  }

  /** Streams the answer text to the connection and collects the rest; resolves with how the answer ended. */
  private stream(
    record: KnowledgeQaEntity,
    catalog: CitationCatalog,
    shown: Shown,
    framer: LegacyTextFramer,
    connection: SseConnection,
  ): Promise<Ending> {
    const { timeoutMs, repairRetry } = this.config.ask;
    const modelName = record.aiModelName.trim();
    const attempt = (repair: boolean) =>
      this.model
        .stream({ question: record.question, catalog, repair, ...(modelName ? { modelName } : {}) })
        .pipe(deadline(timeoutMs), answerEvents(catalog, { numbering: this.config.citation.numbering }));
    const answer$ = repairRetry
      ? withRepairRetry(attempt, (reason) => this.logger.warn({ message: 'answer format broke; asking again', reason }))
      : attempt(false);
    return new Promise((resolve) => {
      const subscription = answer$.subscribe({
        next: (event) => {
          if (event.type === 'text') {
            shown.text.push(event.text);
            connection.write(framer.frame(event.text));
          } else if (event.type === 'paragraph') shown.paragraphs.push(event.paragraph);
          else if (event.type === 'ref') shown.refs.push(event.ref);
          else if (event.type === 'done') shown.done = event;
        },
        error: (error: unknown) => {
          this.logFailure(error);
          resolve({ status: 'failed', error });
        },
        complete: () => resolve({ status: 'complete' }),
      });
      connection.onClose(() => {
        if (subscription.closed) return;
        subscription.unsubscribe();
        resolve({ status: 'interrupted' });
      });
    });
  }

  private toRecord(record: KnowledgeQaEntity, ending: Ending, shown: Shown, hits: RetrievalResult) {
    const done = ending.status === 'complete' ? shown.done : undefined;
    const summary = done?.summary;
    return {
      recordId: record.id,
      userId: record.userId,
      question: record.question,
      status: ending.status,
      answerText: legacyText(summary?.answerText ?? shown.text.join('')),
      citationMode: shown.paragraphs.length > 0 ? ('paragraph' as const) : ('answer' as const),
      hasCitationError: summary?.hasCitationError ?? true,
      paragraphs: shown.paragraphs,
      refs: shown.refs,
      retrieval: hits,
      promptTokens: done?.usage?.promptTokens ?? 0,
      answerTokens: done?.usage?.completionTokens ?? 0,
    };
  }

  private refuse(connection: SseConnection, error: AppError): void {
    this.logger.warn({ message: 'knowledge-base question refused before start', code: error.code });
    connection.write(sseEvent(QA_EVENT.error, `${error.code}: ${error.message}`));
    connection.end();
  }

  /** Headers are out: `[ERROR]` is the only way left to report a failure, and the stream must end. */
  private fail(connection: SseConnection, framer: LegacyTextFramer, error: unknown): void {
    if (connection.closed) return;
    connection.write(framer.flush() + sseEvent(QA_EVENT.error, errorText(error)));
    connection.end();
  }

  private logFailure(error: unknown): void {
    if (error instanceof AppError)
      this.logger.warn({ message: 'knowledge-base answer failed', code: error.code, detail: error.message });
    else
      this.logger.error({
        message: 'knowledge-base answer failed',
        error: error instanceof Error ? error.stack : String(error),
      });
  }
}
