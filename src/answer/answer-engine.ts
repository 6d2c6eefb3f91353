import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '../platform/common/app-error.js';
import { newUuid } from '../platform/common/ids.js';
import { isStorageUnavailable } from '../platform/common/storage-unavailable.js';
import { StorageFailedError, storageReason } from './answer-errors.js';
import type { RetrievalResult } from '../knowledge/retrieval-port.js';
import { MetricsService } from '../platform/metrics/metrics.service.js';
import type { SseConnection } from '../platform/sse/sse-connection.js';
import { logFailure, refuse } from './answer-failures.js';
import type { AnswerProfile } from './answer-profile.js';
import type { AnswerQuestion, StreamChoices } from './answer-question.js';
import { AdmitStage } from './stages/admit.stage.js';
import { EndStage } from './stages/end.stage.js';
import type { AdmittedAnswer, OpenedAnswer, TurnResult } from './stages/handoffs.js';
import { ModelTurnStage } from './stages/model-turn.stage.js';
import { OpenStage } from './stages/open.stage.js';
import { RetrieveStage } from './stages/retrieve.stage.js';

const STORAGE_DOWN = 'The database is unavailable, so no answer began; ask again in a moment.';

/**
 * The one answer engine, for a conversation's ask and the knowledge-base Q&A page alike (they differ by their
 * `AnswerProfile`). It runs the stages in order and hands each what the ones before returned; no stage calls
 * back into it or into another stage:
 *
 * 1. admit: lock, per-minute count, the question (and the answer's row) stored; a refusal is `[ERROR]` before
 *    `[START]`;
 * 2. open: the session onto the connection and the journal, renewals, stop switch, `[START]`;
 * 3. retrieve: memory, knowledge-base search, the catalogue of sources, the citation core's options;
 * 4. model turn: the model through the citation core onto the wire, with late verdicts;
 * 5. end: closing frames, the answer stored, the lock let go, the end sent.
 */
@Injectable()
export class AnswerEngine {
  private readonly logger = new Logger(AnswerEngine.name);

  constructor(
    private readonly admitStage: AdmitStage,
    private readonly openStage: OpenStage,
    private readonly retrieveStage: RetrieveStage,
    private readonly modelTurnStage: ModelTurnStage,
    private readonly endStage: EndStage,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Answers the question `find` returns (or refuses what it refuses) on `connection`. `find` is the route's
   * look-up of the question; a database that cannot be reached there is said as the protocol promises,
   * `[ERROR] STORAGE_FAILED` before `[START]`, not as a bare HTTP 500.
   */
  async answer(
    profile: AnswerProfile,
    find: () => Promise<AnswerQuestion | AppError>,
    connection: SseConnection,
    choices: StreamChoices,
  ): Promise<void> {
    let question: AnswerQuestion | AppError;
    try {
      question = await find();
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      question = new StorageFailedError(error, STORAGE_DOWN);
    }
    if (question instanceof AppError) return this.refuse(profile, connection, question);
    // A Q&A record's answer is named by the record: it has no answer row of its own.
    const answerUuid = question.owner.kind === 'qa-record' ? question.owner.recordUuid : newUuid();
    const admitted = await this.admitStage.admit(profile, question, answerUuid);
    if ('refused' in admitted) {
      if (admitted.failure !== undefined) logFailure(this.logger, profile, admitted.failure);
      return this.refuse(profile, connection, admitted.refused);
    }
    const release = () =>
      admitted.lock.release().catch((error: unknown) =>
        this.logger.error({
          message: 'answer lock release failed',
          user: question.user.id,
          reason: storageReason(error),
        }),
      );
    try {
      const opened = this.openStage.open(profile, question, admitted, connection, choices, this.logger);
      try {
        await this.run(profile, question, admitted, opened, release);
      } finally {
        opened.close();
      }
    } finally {
      await release();
    }
  }

  private async run(
    profile: AnswerProfile,
    question: AnswerQuestion,
    admitted: AdmittedAnswer,
    opened: OpenedAnswer,
    release: () => Promise<void>,
  ): Promise<void> {
    const { session, observed } = opened;
    let hits: RetrievalResult | undefined;
    let turn: TurnResult;
    try {
      const retrieved = await this.retrieveStage.retrieve(profile, question, session.mapper, (frames) =>
        session.emit(frames),
      );
      hits = retrieved.hits;
      turn = await this.modelTurnStage.run(question, retrieved, session, observed, this.logger, !!opened.journal);
    } catch (error) {
      turn = { ending: { kind: 'failed', error, done: undefined }, verdicts: [] };
    }
    if (turn.ending.kind === 'failed') logFailure(this.logger, profile, turn.ending.error);
    // A lock kept in the answers' database is freed by the statement that stores the end, in its transaction; its
    // renewal stops first, so that a renewal running beside that statement does not report the lock lost.
    if (admitted.lock.freedWithAnswer && opened.journal) opened.stopKeepingAlive();
    const letGo = async () => {
      opened.stopKeepingAlive();
      await release();
    };
    await this.endStage.finish(profile, { question, admitted, opened, turn, hits, letGo }, this.logger);
  }

  private refuse(profile: AnswerProfile, connection: SseConnection, error: AppError): void {
    this.metrics.askRejected();
    refuse(this.logger, profile, connection, error);
  }
}
