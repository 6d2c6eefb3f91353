import { Inject, Injectable, type Logger } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { MetricsService } from '../../platform/metrics/metrics.service.js';
import type { SseConnection } from '../../platform/sse/sse-connection.js';
import { AnswerFrameMapper, STATES } from '../answer-frames.js';
import { AnswerJournal } from '../answer-journal.js';
import { AnswerJournalStore } from '../answer-journal-store.js';
import type { AnswerProfile } from '../answer-profile.js';
import type { AnswerQuestion, StreamChoices } from '../answer-question.js';
import { AnswerSession } from '../answer-session.js';
import { AnswerSpill } from '../answer-spill.js';
import { JournalFlusher } from '../journal-flusher.js';
import { LeaseKeeper } from '../lease-keeper.js';
import { LiveAnswers } from '../live-answers.js';
import type { AdmittedAnswer, OpenedAnswer } from './handoffs.js';

/**
 * Stage 2, open: the answer's session (frames onto the connection, written ahead to the journal when the profile
 * journals), the renewals of the lock and the writer's lease, the stop switch and the watch on the reader, then
 * `[START]` with the answer's identity in the headers, and the first state.
 */
@Injectable()
export class OpenStage {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly journalFlusher: JournalFlusher,
    private readonly journalStore: AnswerJournalStore,
    private readonly spill: AnswerSpill,
    private readonly leases: LeaseKeeper,
    private readonly live: LiveAnswers,
    private readonly metrics: MetricsService,
  ) {}

  open(
    profile: AnswerProfile,
    question: AnswerQuestion,
    admitted: AdmittedAnswer,
    connection: SseConnection,
    choices: StreamChoices,
    logger: Logger,
  ): OpenedAnswer {
    const { answerUuid, rows, lock } = admitted;
    const mapper = new AnswerFrameMapper({ profile: profile.frames, citationEvents: choices.citationEvents });
    const journal = rows
      ? new AnswerJournal(
          this.journalFlusher,
          this.journalStore,
          this.spill,
          { answerId: rows.answerId, answerUuid },
          { storeRetryMs: this.config.journal.storeRetryMs },
          logger,
        )
      : undefined;
    const session = new AnswerSession(connection, mapper, journal, this.config.stream.maxAnswerChars);
    this.metrics.streamOpened(connection);
    const observed = this.metrics.answerStarted();
    // Only a journaled answer can be stopped by its uuid, here or (through the journal) on another instance.
    const unregister = rows ? this.live.register(answerUuid, () => session.stop('stop')) : () => undefined;
    const stopKeepingAlive = this.leases.keep({
      lock,
      answerUuid,
      ...(rows ? { answerId: rows.answerId, onStopAsked: () => session.stop('stop') } : {}),
    });
    this.watchReader(answerUuid, connection, session, choices.resumable && rows !== undefined);
    if (rows) {
      connection.setHeader('X-Answer-Uuid', answerUuid);
      connection.setHeader('X-Question-Uuid', question.uuid);
      connection.setHeader('Access-Control-Expose-Headers', 'X-Answer-Uuid, X-Question-Uuid');
    }
    session.emit([...mapper.start(), ...mapper.state(STATES.questionAnalysing)]);
    return {
      session,
      journal,
      observed,
      stopKeepingAlive,
      close: () => {
        stopKeepingAlive();
        unregister();
      },
    };
  }

  /**
   * A reader that leaves (or stalls and is dropped) stops the model at once, unless it asked for a resumable
   * stream: then the answer keeps being written while someone follows it, or for the grace period.
   */
  private watchReader(answerUuid: string, connection: SseConnection, session: AnswerSession, resumable: boolean) {
    const graceMs = this.config.stream.resumeGraceMs;
    connection.onClose(() => {
      if (!resumable || graceMs === 0) return session.stop('reader-gone');
      const check = () => {
        if (this.live.hasReader(answerUuid)) setTimeout(check, graceMs).unref();
        else session.stop('reader-gone');
      };
      setTimeout(check, graceMs).unref();
    });
  }
}
