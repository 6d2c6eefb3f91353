import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CurrentUser } from '../auth/current-user.js';
import { CitationCatalog } from '../citation/citation-catalog.js';
import type { CitationStreamOptions } from '../citation/citation-stream.js';
import { AppError } from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { answerEvents, modelTurn, withRepairRetry } from '../conversation/answer-events.js';
import { AnswerFrameMapper, EVENT } from '../conversation/answer-frames.js';
import { AnswerSession, AnswerTooLargeError, type ModelEnding, type Shown } from '../conversation/answer-session.js';
import { ASK_LIMITS, type AskLimits } from '../conversation/ask-limits.js';
import { LeaseKeeper } from '../conversation/lease-keeper.js';
import { CitationTrust } from '../conversation/citation-trust.service.js';
import type { KnowledgeBaseEntity, KnowledgeQaEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import { RETRIEVAL_PORT, type RetrievalPort, type RetrievalResult } from '../knowledge/retrieval-port.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import { refusalDeltas } from '../model/refusal.js';
import type { SseConnection } from '../sse/sse-connection.js';
import { sseEvent } from '../sse/sse-frames.js';
import { QaRecordNotFoundError } from './knowledge-qa-errors.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';
import { AnswerInProgressError, RateLimitedError } from '../conversation/conversation-errors.js';
import { answerEnds } from '../common/turn-lane.js';

/** `[DONE]` on the Q&A page carries no data: the mapper's kb-qa profile ignores the META fields. */
const NO_META = { questionUuid: '', answerUuid: '', isRefEmbedding: false, isRefGraph: false };

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
    private readonly trust: CitationTrust,
    private readonly leases: LeaseKeeper,
  ) {}

  async process(uuid: string, user: CurrentUser, connection: SseConnection): Promise<void> {
    const record = await this.records.findReadable(uuid, user);
    // A base made private (or deleted) since the question was added is no longer asked.
    const base = record ? await this.knowledge.findBase(record.kbUuid) : null;
    if (!record || !base || !canRead(base, user)) return this.refuse(connection, new QaRecordNotFoundError(uuid));
    // The lock first: a question refused because another answer is being written does not use up the quota.
    const { leaseMs } = this.config.stream;
    const lock = await this.limits.acquire(user.id, leaseMs);
    if (lock === undefined) return this.refuse(connection, new AnswerInProgressError());
    if (!(await this.limits.allow(user.id))) {
      await lock.release();
      return this.refuse(connection, new RateLimitedError(this.config.limits.asksPerMinute));
    }
    const stopKeepingAlive = this.leases.keep({ lock, answerUuid: uuid });
    // Let go once the answer is stored and before its end is sent, so that the next question is not refused.
    const letGo = () => {
      stopKeepingAlive();
      return lock.release();
    };
    const session = new AnswerSession(
      connection,
      new AnswerFrameMapper({ profile: 'kb-qa', citationEvents: false }),
      undefined,
      this.config.stream.maxAnswerChars,
    );
    // A reader who leaves stops the model at once: the Q&A page does not resume.
    connection.onClose(() => session.stop('reader-gone'));
    try {
      session.emit(session.mapper.start());
      await this.answer(record, base, session, letGo);
    } catch (error) {
      this.logFailure(error);
      if (!connection.closed) session.sendAndEnd(session.mapper.error(error));
    } finally {
      await letGo();
    }
  }

  private async answer(
    record: KnowledgeQaEntity,
    base: KnowledgeBaseEntity,
    session: AnswerSession,
    letGo: () => Promise<void>,
  ): Promise<void> {
    let hits: RetrievalResult | undefined;
    let ending: ModelEnding;
    try {
      hits = await this.retrieval.retrieve(record.question, [base]);
      const catalog = CitationCatalog.fromHits(hits.embeddings, hits.graph);
      // The same support check, numbering and refusal as a conversation's answer: what is stored is as checked.
      const options = await this.trust.options(catalog);
      ending = await session.run(this.answerEvents(record, catalog, options, session));
    } catch (error) {
      ending = { kind: 'failed', error, done: undefined };
    }
    if (ending.kind === 'failed') this.logFailure(ending.error);
    const shown = session.shown();
    try {
      await this.records.saveAnswer(this.toRecord(record, ending, shown, hits));
    } catch (error) {
      this.logFailure(error);
      if (ending.kind === 'complete') {
        await letGo();
        return session.sendAndEnd(session.mapper.error(error));
      }
    }
    await letGo();
    if (ending.kind === 'complete') session.sendAndEnd(session.mapper.done(ending.done.summary, NO_META));
    else if (ending.kind === 'failed') session.sendAndEnd(session.mapper.error(ending.error));
    else if (ending.reason === 'too-large') {
      session.sendAndEnd(session.mapper.error(new AnswerTooLargeError(this.config.stream.maxAnswerChars)));
    } else session.sendAndEnd([]);
  }

  /** The model's answer through the citation core, paused while the reader is behind, cut short on a stop. */
  private answerEvents(
    record: KnowledgeQaEntity,
    catalog: CitationCatalog,
    options: CitationStreamOptions,
    session: AnswerSession,
  ) {
    const { timeoutMs, repairRetry } = this.config.ask;
    const modelName = record.aiModelName.trim();
    const quotes = this.trust.quotes;
    const model = (repair: boolean) =>
      options.refused
        ? refusalDeltas(record.question)
        : this.model.stream({
            question: record.question,
            catalog,
            repair,
            ready: session.ready,
            ...(modelName ? { modelName } : {}),
            ...(quotes ? { quotes } : {}),
          });
    const attempt = (repair: boolean) =>
      model(repair).pipe(
        modelTurn({ stop$: session.stopped$, deadlineMs: timeoutMs, lane: answerEnds }),
        answerEvents(catalog, options),
      );
    return repairRetry
      ? withRepairRetry(attempt, (reason) => this.logger.warn({ message: 'answer format broke; asking again', reason }))
      : attempt(false);
  }

  private toRecord(record: KnowledgeQaEntity, ending: ModelEnding, shown: Shown, hits: RetrievalResult | undefined) {
    const summary = ending.kind === 'complete' ? ending.done.summary : undefined;
    const usage = ending.done?.usage;
    return {
      recordId: record.id,
      userId: record.userId,
      question: record.question,
      status:
        ending.kind === 'complete'
          ? ('complete' as const)
          : ending.kind === 'failed'
            ? ('failed' as const)
            : ('interrupted' as const),
      answerText: summary?.answerText ?? shown.text,
      citationMode: shown.paragraphs.length > 0 ? ('paragraph' as const) : ('answer' as const),
      hasCitationError: summary?.hasCitationError ?? true,
      paragraphs: shown.paragraphs,
      refs: shown.refs,
      retrieval: hits,
      promptTokens: usage?.promptTokens ?? 0,
      answerTokens: usage?.completionTokens ?? 0,
    };
  }

  private refuse(connection: SseConnection, error: AppError): void {
    this.logger.warn({ message: 'knowledge-base question refused before start', code: error.code });
    connection.write(sseEvent(EVENT.error, `${error.code}: ${error.message}`));
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
