import { Inject, Injectable } from '@nestjs/common';
import { trustCounts } from '../citation/citation-events.js';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { SseFrame } from '../platform/sse/sse-frames.js';
import { AnswerAdmission, type Refused } from './answer-admission.js';
import { EVENT } from './answer-frames.js';
import type { AnswerQuestion } from './answer-question.js';
import { AnswerNotSavedError } from './answer-session.js';
import type { AnswerStore, Closing, StoredEnd } from './answer-store.js';
import { LiveAnswers } from './live-answers.js';
import type { AdmittedAnswer, Ending } from './stages/handoffs.js';

/**
 * The `[ERROR]` data of an answer shown but not stored. Every journaled answer's end is prepared with it (its
 * spill file ends so), so it is made once rather than as an error, with its stack, per answer.
 */
const NOT_SAVED = (() => {
  const error = new AnswerNotSavedError();
  return `${error.code}: ${error.message}`;
})();

/**
 * A conversation's answer, written ahead: admitted with its question and answer rows opened in the statement that
 * takes the asker's lock and counts the question, journaled frame by frame while it is written (so that it can be
 * resumed, followed and stopped from elsewhere), and closed at its end with its record.
 */
@Injectable()
export class JournaledAnswerStore implements AnswerStore {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    private readonly admission: AnswerAdmission,
    private readonly live: LiveAnswers,
  ) {}

  async admit(question: AnswerQuestion, answerUuid: string): Promise<AdmittedAnswer | Refused> {
    const { owner } = question;
    if (owner.kind !== 'conversation') throw new Error('a journaled answer is kept in a conversation');
    const admitted = await this.admission.admit({
      userId: question.user.id,
      conversationId: owner.conversation.id,
      conversationUuid: owner.conversation.uuid,
      ...(question.existingId ? { questionId: question.existingId } : {}),
      questionUuid: question.uuid,
      question: question.text,
      answerUuid,
      modelPlatform: this.model.name,
      leaseMs: this.config.stream.leaseMs,
    });
    if ('refused' in admitted) return admitted;
    return {
      lock: admitted.lock,
      answerUuid,
      rows: { answerId: admitted.answerId, questionId: admitted.questionId },
    };
  }

  /** Every frame before the end journaled and written, then the end stored with the record. */
  async finish(ending: Ending, { status, end, summary }: Closing): Promise<StoredEnd> {
    const { session, journal } = ending.opened;
    const { question, admitted, hits } = ending;
    const rows = admitted.rows;
    if (!journal || !rows) throw new Error('a journaled answer is opened with its journal and rows');
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
      notSaved(end),
    );
    this.live.journalGrew([admitted.answerUuid]);
    if (stored !== 'stored') return { stored: false, end: notSaved(end) };
    // The stored end freed a lock kept in this database: letting go then only stops its renewal.
    if (admitted.lock.freedWithAnswer) admitted.lock.freed();
    return { stored: true };
  }
}

/**
 * The end the reader gets when the answer could not be stored: the same ids, an `[ERROR]` that says so; none for
 * a reader already gone.
 */
function notSaved(end: readonly SseFrame[]): SseFrame[] {
  const last = end.at(-1);
  if (last === undefined) return [];
  return [...end.filter((frame) => frame.event === undefined), { id: last.id!, event: EVENT.error, data: NOT_SAVED }];
}
