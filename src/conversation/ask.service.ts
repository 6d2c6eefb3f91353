import type { AnswerMetrics } from '../metrics/answer-metrics.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { answerEnds } from '../common/turn-lane.js';
import type { Observable } from 'rxjs';
import type { CurrentUser } from '../auth/current-user.js';
import { CitationCatalog } from '../citation/citation-catalog.js';
import { trustCounts, type CitationVerdict } from '../citation/citation-events.js';
import type { CitationStreamOptions } from '../citation/citation-stream.js';
import { AppError, RequestInvalidError } from '../common/app-error.js';
import { newUuid } from '../common/ids.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { ConversationEntity, KnowledgeBaseEntity } from '../database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { RETRIEVAL_PORT, type RetrievalPort, type RetrievalResult } from '../knowledge/retrieval-port.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import { refusalDeltas } from '../model/refusal.js';
import type { SseConnection } from '../sse/sse-connection.js';
import { safeText } from '../sse/safe-text.js';
import { sseEvent, type SseFrame } from '../sse/sse-frames.js';
import { answerEvents, modelTurn, withRepairRetry, type AnswerEvent } from './answer-events.js';
import { AnswerFrameMapper, EVENT, STATES } from './answer-frames.js';
import { AnswerJournal } from './answer-journal.js';
import { JournalFlusher } from './journal-flusher.js';
import { LeaseKeeper } from './lease-keeper.js';
import { AnswerJournalStore, type AnswerClosing } from './answer-journal-store.js';
import {
  AnswerNotSavedError,
  AnswerSession,
  AnswerTooLargeError,
  usageMeta,
  type ModelEnding,
} from './answer-session.js';
import { AnswerSpill } from './answer-spill.js';
import { storageReason } from './conversation-errors.js';
import type { AnswerLock } from './ask-limits.js';
import { AnswerAdmission } from './answer-admission.js';
import type { AskRequest } from './ask.schemas.js';
import { CitationTrust } from './citation-trust.service.js';
import { ConversationHistory, type ConversationMemory } from './conversation-history.js';
import { ConversationRepository } from './conversation.repository.js';
import { LiveAnswers } from './live-answers.js';
import { MessageRepository } from './message.repository.js';
import { ConversationNotFoundError, StorageFailedError } from './conversation-errors.js';
import { isStorageUnavailable } from '../common/storage-unavailable.js';

/**
 * The `[ERROR]` data of an answer shown but not stored. Every answer's end is prepared with it (its spill file
 * ends so), so it is made once rather than as an error, with its stack, per answer.
 */
const NOT_SAVED = (() => {
  const error = new AnswerNotSavedError();
  return `${error.code}: ${error.message}`;
})();

const STORAGE_DOWN = 'The database is unavailable, so no answer began; ask again in a moment.';

/** What a client asked of the stream besides the question. */
export interface StreamChoices {
  citationEvents: boolean;
  resumable: boolean;
}

interface Question {
  text: string;
  /** Set when an earlier question is answered again. */
  existingId?: string;
  uuid: string;
}

/** One answer being written: who asked, where it goes, and its rows in the journal. */
interface AnswerContext {
  user: CurrentUser;
  conversation: ConversationEntity;
  /** The knowledge bases attached to the conversation, read with it; emptied once retrieval has read them. */
  attached: { bases: readonly KnowledgeBaseEntity[] };
  question: Question;
  questionId: string;
  answerId: string;
  answerUuid: string;
  choices: StreamChoices;
}

/**
 * One question, answered as a stream, in the steps of the design: pre-flight checks, the journal opened,
 * `[START]`, retrieval, the model through the citation core onto the wire and into the journal, the end
 * stored, then `[DONE]` (or `[ERROR]`). Failures found before any work are sent as `[ERROR]` before `[START]`.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger(AskService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    @Inject(RETRIEVAL_PORT) private readonly retrieval: RetrievalPort,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly admission: AnswerAdmission,
    private readonly journalStore: AnswerJournalStore,
    private readonly journalFlusher: JournalFlusher,
    private readonly leases: LeaseKeeper,
    private readonly spill: AnswerSpill,
    private readonly live: LiveAnswers,
    private readonly history: ConversationHistory,
    private readonly metrics: MetricsService,
    private readonly trust: CitationTrust,
  ) {}

  async ask(request: AskRequest, user: CurrentUser, connection: SseConnection, choices: StreamChoices): Promise<void> {
    // 1. Pre-flight: the conversation and the question. A database that cannot be reached is said as the
    // protocol promises, `[ERROR] STORAGE_FAILED` before `[START]`, not as a bare HTTP 500.
    let preflight: Awaited<ReturnType<AskService['preflight']>>;
    try {
      preflight = await this.preflight(request, user);
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      return this.refuse(connection, new StorageFailedError(error, STORAGE_DOWN));
    }
    if (preflight instanceof AppError) return this.refuse(connection, preflight);
    const { conversation, attached, question } = preflight;
    // 2. The lock and the per-minute count, then the journal: question and answer row (`streaming`) are stored
    // before `[START]`.
    const answerUuid = newUuid();
    const admission = await this.admission.admit({
      userId: user.id,
      conversationId: conversation.id,
      conversationUuid: conversation.uuid,
      ...(question.existingId ? { questionId: question.existingId } : {}),
      questionUuid: question.uuid,
      question: question.text,
      answerUuid,
      modelPlatform: this.model.name,
      leaseMs: this.config.stream.leaseMs,
    });
    if ('refused' in admission) {
      if (admission.failure !== undefined) this.logFailure(admission.failure);
      return this.refuse(connection, admission.refused);
    }
    const { lock, answerId, questionId } = admission;
    const release = () =>
      lock
        .release()
        .catch((error: unknown) =>
          this.logger.error({ message: 'answer lock release failed', user: user.id, reason: storageReason(error) }),
        );
    try {
      const context = { user, conversation, attached, question, answerId, questionId, answerUuid, choices };
      await this.answer(context, request, connection, lock, release);
    } finally {
      await release();
    }
  }

  /** The conversation and the question, or the refusal when either is not the user's. */
  private async preflight(
    request: AskRequest,
    user: CurrentUser,
  ): Promise<(Pick<AnswerContext, 'conversation' | 'attached'> & { question: Question }) | AppError> {
    const readable = await this.readableConversation(request.conversationUuid, user);
    if (!readable) return new ConversationNotFoundError(request.conversationUuid);
    const question = await this.questionOf(request, user);
    if (question === undefined) {
      return new RequestInvalidError('regenerateQuestionUuid names no question of yours; send prompt.');
    }
    return { ...readable, question };
  }

  /**
   * The conversation, when the user may ask in it, and its knowledge bases, read in one statement. Retrieval
   * searches the bases later and then empties `attached`: `ask` waits for the whole answer, and what it holds
   * stays in memory as long.
   */
  private async readableConversation(
    uuid: string,
    user: CurrentUser,
  ): Promise<Pick<AnswerContext, 'conversation' | 'attached'> | undefined> {
    const found = await this.conversations.findWithBases(uuid);
    if (!found || (found.conversation.userId !== user.id && !user.isAdmin)) return undefined;
    return { conversation: found.conversation, attached: { bases: found.bases } };
  }

  private async questionOf(request: AskRequest, user: CurrentUser): Promise<Question | undefined> {
    const prompt = safeText((request.prompt ?? '').trim());
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
    context: AnswerContext,
    request: AskRequest,
    connection: SseConnection,
    lock: AnswerLock,
    release: () => Promise<void>,
  ): Promise<void> {
    const mapper = new AnswerFrameMapper({ profile: 'chat', citationEvents: context.choices.citationEvents });
    const journal = new AnswerJournal(
      this.journalFlusher,
      this.journalStore,
      this.spill,
      { answerId: context.answerId, answerUuid: context.answerUuid },
      { storeRetryMs: this.config.journal.storeRetryMs },
      this.logger,
    );
    const session = new AnswerSession(connection, mapper, journal, this.config.stream.maxAnswerChars);
    this.metrics.streamOpened(connection);
    const observed = this.metrics.answerStarted();
    const unregister = this.live.register(context.answerUuid, () => session.stop('stop'));
    // While the answer streams, the user's lock and the writer's lease are renewed, and a stop asked on another
    // instance is picked up.
    const stopKeepingAlive = this.leases.keep({
      lock,
      answerId: context.answerId,
      answerUuid: context.answerUuid,
      onStopAsked: () => session.stop('stop'),
    });
    this.watchReader(context, connection, session);
    try {
      // 3. `[START]`, with the answer's identity in the headers, then the first state.
      connection.setHeader('X-Answer-Uuid', context.answerUuid);
      connection.setHeader('X-Question-Uuid', context.question.uuid);
      connection.setHeader('Access-Control-Expose-Headers', 'X-Answer-Uuid, X-Question-Uuid');
      session.emit([...mapper.start(), ...mapper.state(STATES.questionAnalysing)]);

      // 4. Retrieval: the sources the model may cite, fixed before it runs.
      let hits: RetrievalResult | undefined;
      let ending: ModelEnding;
      let verdicts: CitationVerdict[] = [];
      try {
        // The conversation's memory: its system message and, with context on, the earlier turns that fit.
        const memory = await this.history.load(
          context.conversation,
          context.question.text,
          context.question.existingId,
        );
        hits = await this.retrieve(context, session, memory.retrievalQuery);
        const catalog = CitationCatalog.fromHits(hits?.embeddings ?? [], hits?.graph ?? []);
        const options = await this.trust.options(catalog, context.conversation.id);
        // A model verifier judges each paragraph once it is sent; its verdicts are events of the answer too.
        const relay = this.trust.relay(catalog, (verdict) => session.emit(mapper.verdict(verdict)));
        const cancelRelay = session.stopped$.subscribe(() => relay?.cancel());
        // 5. The model, through the citation core, onto the wire and into the journal.
        const events$ = this.answerEvents(context.question.text, request, catalog, options, session, memory, observed);
        ending = await session.run(events$, (event) => {
          observed.event(event);
          if (event.type === 'paragraph') relay?.paragraph(event.paragraph);
        });
        // The end waits for the verdicts still being worked on, so that they are sent and stored with the answer.
        if (ending.kind !== 'complete') relay?.cancel();
        verdicts = relay ? await relay.settle() : [];
        cancelRelay.unsubscribe();
      } catch (error) {
        ending = { kind: 'failed', error, done: undefined };
      }
      if (ending.kind === 'failed') this.logFailure(ending.error);
      // 6. The end: stored first, then sent.
      // The lock is let go once the answer is stored and before its end is sent: a client that asks again as
      // soon as it reads [DONE] is not told that an answer is still being written. A lock kept in the answers'
      // database is freed by the statement that stores the end, in its transaction; its renewal stops first, so
      // that a renewal running beside that statement does not report the lock lost.
      if (lock.freedWithAnswer) stopKeepingAlive();
      const letGo = async () => {
        stopKeepingAlive();
        await release();
      };
      await this.finish(context, session, journal, ending, hits, verdicts, observed, lock, letGo);
    } finally {
      stopKeepingAlive();
      unregister();
    }
  }

  private async retrieve(
    context: AnswerContext,
    session: AnswerSession,
    query: string,
  ): Promise<RetrievalResult | undefined> {
    // A knowledge base made private by its owner since it was attached is no longer searched.
    const knowledgeBases = context.attached.bases.filter((base) => canRead(base, context.user));
    context.attached.bases = [];
    if (knowledgeBases.length === 0) return undefined;
    session.emit(session.mapper.state(STATES.knowledgeSearching));
    return this.retrieval.retrieve(query, knowledgeBases);
  }

  private answerEvents(
    question: string,
    request: AskRequest,
    catalog: CitationCatalog,
    options: CitationStreamOptions,
    session: AnswerSession,
    memory: ConversationMemory,
    observed: AnswerMetrics,
  ): Observable<AnswerEvent> {
    const { timeoutMs, repairRetry } = this.config.ask;
    const modelName = request.modelName?.trim();
    const quotes = this.trust.quotes;
    // The journal stores the text and paragraphs as they are shown: the citation core need not keep them.
    const streamOptions: CitationStreamOptions = { ...options, keepAnswerText: false };
    // With nothing retrieved and the refusal setting on, the model is not asked: the refusal is the answer.
    const model = (repair: boolean) =>
      options.refused
        ? refusalDeltas(question)
        : this.model.stream({
            question,
            catalog,
            repair,
            ready: session.ready,
            ...memory.request,
            ...(modelName ? { modelName } : {}),
            ...(quotes ? { quotes } : {}),
          });
    const attempt = (repair: boolean) =>
      model(repair).pipe(
        modelTurn({
          stop$: session.stopped$,
          deadlineMs: timeoutMs,
          lane: answerEnds,
          onFirstOutput: () => observed.firstOutput(),
        }),
        answerEvents(catalog, streamOptions),
      );
    return repairRetry
      ? withRepairRetry(attempt, (reason) => this.logger.warn({ message: 'answer format broke; asking again', reason }))
      : attempt(false);
  }

  /** Stores the end of the answer, then sends it: `[DONE]` when it completed or was stopped, else `[ERROR]`. */
  private async finish(
    context: AnswerContext,
    session: AnswerSession,
    journal: AnswerJournal,
    ending: ModelEnding,
    hits: RetrievalResult | undefined,
    verdicts: readonly CitationVerdict[],
    observed: AnswerMetrics,
    lock: AnswerLock,
    letGo: () => Promise<void>,
  ): Promise<void> {
    const { mapper } = session;
    // A stop cuts the model's JSON short on purpose: that is not the model breaking the citation format.
    const stopped = ending.kind === 'stopped' && ending.reason === 'stop';
    const summary = stopped && ending.done ? { ...ending.done.summary, hasCitationError: false } : ending.done?.summary;
    let status: AnswerClosing['status'];
    let end: SseFrame[];
    if (ending.kind === 'failed') {
      status = 'failed';
      end = mapper.error(ending.error);
    } else if (ending.kind === 'stopped' && ending.reason === 'too-large') {
      // Cut where it passed the limit, as a client that never reads is by it: what was shown stands.
      status = 'interrupted';
      end = mapper.error(new AnswerTooLargeError(this.config.stream.maxAnswerChars));
    } else if (ending.kind === 'stopped' && ending.reason === 'reader-gone') {
      status = 'interrupted';
      end = [];
    } else {
      status = ending.kind === 'complete' ? 'complete' : 'interrupted';
      if (summary?.hasCitationError) {
        this.logger.warn({
          message: 'answer fell back to plain text',
          outcome: summary.outcome,
          reason: summary.reason,
        });
      }
      end = mapper.done(summary!, {
        questionUuid: context.question.uuid,
        answerUuid: context.answerUuid,
        isRefEmbedding: (hits?.embeddings.length ?? 0) > 0,
        isRefGraph: (hits?.graph.length ?? 0) > 0,
        ...usageMeta(ending.done?.usage),
        ...(stopped ? { stopped } : {}),
        ...(hits?.retrieval ? { retrieval: hits.retrieval } : {}),
      });
    }
    // Every frame before the end is journaled and written first: the end follows what the reader was sent.
    await session.drain();
    session.record(end);
    const shown = session.shownCut();
    const usage = ending.done?.usage;
    const stored = await journal.close(
      {
        answerId: context.answerId,
        answerUuid: context.answerUuid,
        questionId: context.questionId,
        newQuestion: context.question.existingId === undefined,
        userId: context.user.id,
        status,
        citationMode: shown.paragraphs.count > 0 ? 'paragraph' : 'answer',
        parseOutcome: summary?.outcome,
        hasCitationError: summary?.hasCitationError ?? true,
        droppedCitationCount: summary?.droppedCitationCount ?? 0,
        paragraphCount: shown.paragraphs.count,
        // A paragraph the server attributed itself is counted as inferred, not as one the model left uncited.
        uncitedParagraphCount: shown.paragraphs.uncited,
        refCount: shown.refCount,
        retrieval: hits,
        totalTokens: usage?.totalTokens ?? 0,
        completionTokens: usage?.completionTokens ?? 0,
        ...(summary ? { trust: trustCounts(summary) } : {}),
        verdicts,
        lastSeq: shown.lastId,
        lastParagraphIndex: shown.paragraphs.lastIndex,
        unshownRefIds: shown.unshownRefIds,
        ...(lock.freedWithAnswer ? { lockHolder: lock.holder } : {}),
      },
      end.length > 0 ? this.notSaved(end) : [],
    );
    this.live.journalGrew([context.answerUuid]);
    if (stored !== 'stored') this.metrics.storageFailed();
    observed.finished(status === 'complete' ? 'complete' : status === 'failed' ? 'failed' : 'interrupted');
    // The stored end freed a lock kept in this database: letting go then only stops its renewal.
    if (stored === 'stored' && lock.freedWithAnswer) lock.freed();
    await letGo();
    session.sendAndEnd(stored === 'stored' ? end : this.notSaved(end));
  }

  /** The end the reader gets when the answer could not be stored: the same ids, an `[ERROR]` that says so. */
  private notSaved(end: readonly SseFrame[]): SseFrame[] {
    const last = end.at(-1)!;
    return [...end.filter((frame) => frame.event === undefined), { id: last.id!, event: EVENT.error, data: NOT_SAVED }];
  }

  /**
   * A reader that leaves (or stalls and is dropped) stops the model at once, unless it asked for a resumable
   * stream: then the answer keeps being written while someone follows it, or for the grace period.
   */
  private watchReader(context: AnswerContext, connection: SseConnection, session: AnswerSession): void {
    connection.onClose(() => {
      if (!context.choices.resumable || this.config.stream.resumeGraceMs === 0) return session.stop('reader-gone');
      const check = () => {
        if (this.live.hasReader(context.answerUuid)) setTimeout(check, this.config.stream.resumeGraceMs).unref();
        else session.stop('reader-gone');
      };
      setTimeout(check, this.config.stream.resumeGraceMs).unref();
    });
  }

  private logFailure(error: unknown): void {
    if (error instanceof AppError) {
      this.logger.warn({
        message: 'answer failed',
        code: error.code,
        detail: error.message,
        ...(error.cause ? { reason: storageReason(error.cause) } : {}),
      });
    } else this.logger.error({ message: 'answer failed', error: error instanceof Error ? error.stack : String(error) });
  }
}
