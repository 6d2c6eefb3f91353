import { Injectable, type Logger } from '@nestjs/common';
import { AnswerAdmission, type Refused } from './answer-admission.js';
import type { AnswerQuestion } from './answer-question.js';
import { AnswerRecords } from './answer-records.repository.js';
import type { AnswerStore, Closing, StoredEnd } from './answer-store.js';
import type { AdmittedAnswer, Ending } from './stages/handoffs.js';

/**
 * A knowledge-base Q&A record's answer, stored whole in one statement at its end. The record, with its question,
 * exists before the stream (the Q&A page adds it first), so nothing is stored before `[START]`; the page neither
 * resumes nor follows an answer, and a reader who leaves stops it, so there is nothing to write ahead for.
 */
@Injectable()
export class QaRecordAnswerStore implements AnswerStore {
  constructor(
    private readonly admission: AnswerAdmission,
    private readonly records: AnswerRecords,
  ) {}

  /** The asker's lock and per-minute count alone. */
  async admit(question: AnswerQuestion, answerUuid: string): Promise<AdmittedAnswer | Refused> {
    const limits = await this.admission.admitLimits(question.user.id);
    return 'refused' in limits ? limits : { lock: limits.lock, answerUuid };
  }

  /**
   * What the reader was shown, as the record's answer and its citation rows. An answer that completed but could not
   * be saved ends with the storage error instead of `[DONE]`; any other end stands.
   */
  async finish({ question, opened, turn, hits }: Ending, { status, end }: Closing, logger: Logger): Promise<StoredEnd> {
    const owner = question.owner;
    if (owner.kind !== 'qa-record') throw new Error('an answer stored whole is kept in a Q&A record');
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
      return { stored: true };
    } catch (error) {
      logger.warn({ message: 'answer not saved', error: error instanceof Error ? error.message : '' });
      return { stored: false, end: turn.ending.kind === 'complete' ? opened.session.mapper.error(error) : end };
    }
  }
}
