import { Inject, Injectable, type Logger } from '@nestjs/common';
import { trustCounts, type CitationSummary } from '../../citation/citation-events.js';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { MetricsService } from '../../platform/metrics/metrics.service.js';
import type { SseFrame } from '../../platform/sse/sse-frames.js';
import { EVENT } from '../answer-frames.js';
import type { AnswerJournal } from '../answer-journal.js';
import type { AnswerClosing } from '../answer-journal-store.js';
import { AnswerRecords } from '../answer-records.repository.js';
import { AnswerNotSavedError, AnswerTooLargeError, usageMeta } from '../answer-session.js';
import { LiveAnswers } from '../live-answers.js';
import type { Ending } from './handoffs.js';

/**
 * The `[ERROR]` data of an answer shown but not stored. Every answer's end is prepared with it (its spill file
 * ends so), so it is made once rather than as an error, with its stack, per answer.
 */
const NOT_SAVED = (() => {
  const error = new AnswerNotSavedError();
  return `${error.code}: ${error.message}`;
})();

type Status = AnswerClosing['status'];

/** The closing frames and what the stored answer says of its end. */
interface Closing {
  status: Status;
  end: SseFrame[];
  summary: CitationSummary | undefined;
}

/**
 * Stage 5, the end: the closing frames (`[CITATION_DONE]` and `[DONE]` with `[META]`, or `[ERROR]`), the answer
 * stored (the journal closed with its record, or the Q&A record saved whole), the lock let go, then the closing
 * frames sent: a client that asks again as soon as it reads `[DONE]` is not told an answer is still being written.
 */
@Injectable()
export class EndStage {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: AnswerRecords,
    private readonly live: LiveAnswers,
    private readonly metrics: MetricsService,
  ) {}

  async finish(ending: Ending, logger: Logger): Promise<void> {
    const { session, journal, observed } = ending.opened;
    const closing = this.closing(ending, logger);
    const stored = journal
      ? await this.closeJournal(ending, journal, closing)
      : await this.saveRecord(ending, closing.status);
    if (stored !== 'stored') this.metrics.storageFailed();
    const { status, end } = closing;
    observed.finished(status === 'complete' ? 'complete' : status === 'failed' ? 'failed' : 'interrupted');
    // The stored end freed a lock kept in this database: letting go then only stops its renewal.
    const { lock } = ending.admitted;
    if (stored === 'stored' && journal && lock.freedWithAnswer) lock.freed();
    await ending.letGo();
    if (stored === 'stored') return session.sendAndEnd(end);
    if (journal) return session.sendAndEnd(notSaved(end));
    // A Q&A answer that completed but could not be saved ends with the storage error; any other end stands.
    logger.warn({ message: 'answer not saved', error: stored.error instanceof Error ? stored.error.message : '' });
    session.sendAndEnd(ending.turn.ending.kind === 'complete' ? session.mapper.error(stored.error) : end);
  }

  /** `[DONE]` when the answer completed or was stopped, else `[ERROR]`, or nothing for a reader already gone. */
  private closing({ turn, question, admitted, hits, opened }: Ending, logger: Logger): Closing {
    const { ending } = turn;
    const { mapper } = opened.session;
    // A stop cuts the model's JSON short on purpose: that is not the model breaking the citation format.
    const stopped = ending.kind === 'stopped' && ending.reason === 'stop';
    const summary = stopped && ending.done ? { ...ending.done.summary, hasCitationError: false } : ending.done?.summary;
    if (ending.kind === 'failed') return { status: 'failed', end: mapper.error(ending.error), summary };
    if (ending.kind === 'stopped' && ending.reason === 'too-large') {
      // Cut where it passed the limit, as a client that never reads is by it: what was shown stands.
      const error = new AnswerTooLargeError(this.config.stream.maxAnswerChars);
      return { status: 'interrupted', end: mapper.error(error), summary };
    }
    if (ending.kind === 'stopped' && ending.reason === 'reader-gone')
      return { status: 'interrupted', end: [], summary };
    if (summary?.hasCitationError) {
      logger.warn({ message: 'answer fell back to plain text', outcome: summary.outcome, reason: summary.reason });
    }
    const end = mapper.done(summary!, {
      questionUuid: question.uuid,
      answerUuid: admitted.answerUuid,
      isRefEmbedding: (hits?.embeddings.length ?? 0) > 0,
      isRefGraph: (hits?.graph.length ?? 0) > 0,
      ...usageMeta(ending.done?.usage),
      ...(stopped ? { stopped } : {}),
      ...(hits?.retrieval ? { retrieval: hits.retrieval } : {}),
    });
    return { status: ending.kind === 'complete' ? 'complete' : 'interrupted', end, summary };
  }

  /** A journaled answer: every frame before the end journaled and written, then the end stored with the record. */
  private async closeJournal(ending: Ending, journal: AnswerJournal, { status, end, summary }: Closing) {
    const { session } = ending.opened;
    const { question, admitted, hits } = ending;
    const rows = admitted.rows!;
    await session.drain();
    session.record(end);
    const shown = session.shownCut();
    const usage = ending.turn.ending.done?.usage;
    const stored = await journal.close(
      {
        answerId: rows.answerId,
        answerUuid: admitted.answerUuid,
        questionId: rows.questionId,
        newQuestion: question.existingId === undefined,
        userId: question.user.id,
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
        verdicts: ending.turn.verdicts,
        lastSeq: shown.lastId,
        lastParagraphIndex: shown.paragraphs.lastIndex,
        unshownRefIds: shown.unshownRefIds,
        ...(admitted.lock.freedWithAnswer ? { lockHolder: admitted.lock.holder } : {}),
      },
      end.length > 0 ? notSaved(end) : [],
    );
    this.live.journalGrew([admitted.answerUuid]);
    return stored === 'stored' ? ('stored' as const) : { error: new AnswerNotSavedError() };
  }

  /** A Q&A answer, stored whole from what its reader was shown: the record's answer and its citation rows. */
  private async saveRecord({ question, opened, turn, hits }: Ending, status: Status) {
    const owner = question.owner;
    if (owner.kind !== 'qa-record') throw new Error('an unjournaled answer is kept in a Q&A record');
    const shown = opened.session.shown();
    // Only a complete answer's summary speaks for it: a cut one stands as the text that was shown.
    const summary = turn.ending.kind === 'complete' ? turn.ending.done.summary : undefined;
    const usage = turn.ending.done?.usage;
    try {
      await this.records.saveQaAnswer({
        recordId: owner.recordId,
        userId: owner.userId,
        question: question.text,
        status,
        answerText: summary?.answerText ?? shown.text,
        citationMode: shown.paragraphs.length > 0 ? 'paragraph' : 'answer',
        hasCitationError: summary?.hasCitationError ?? true,
        paragraphs: shown.paragraphs,
        refs: shown.refs,
        verdicts: turn.verdicts,
        retrieval: hits,
        promptTokens: usage?.promptTokens ?? 0,
        answerTokens: usage?.completionTokens ?? 0,
      });
      return 'stored' as const;
    } catch (error) {
      return { error };
    }
  }
}

/** The end the reader gets when the answer could not be stored: the same ids, an `[ERROR]` that says so. */
function notSaved(end: readonly SseFrame[]): SseFrame[] {
  const last = end.at(-1)!;
  return [...end.filter((frame) => frame.event === undefined), { id: last.id!, event: EVENT.error, data: NOT_SAVED }];
}
