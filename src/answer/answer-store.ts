import type { Logger } from '@nestjs/common';
import type { CitationSummary } from '../citation/citation-events.js';
import type { SseFrame } from '../platform/sse/sse-frames.js';
import type { Refused } from './answer-admission.js';
import type { AnswerClosing } from './answer-journal-store.js';
import type { AnswerQuestion } from './answer-question.js';
import type { AdmittedAnswer, Ending } from './stages/handoffs.js';

/** The closing frames the end stage made, and what the stored answer says of its end. */
export interface Closing {
  status: AnswerClosing['status'];
  end: SseFrame[];
  summary: CitationSummary | undefined;
}

/** Whether the answer's end was stored; when it was not, the end its reader gets instead of the closing frames. */
export type StoredEnd = { stored: true } | { stored: false; end: readonly SseFrame[] };

/**
 * Where an answer's question and answer are stored: the one port the engine's stages store through. The admit
 * stage lets the question in through it (and, where the answer is written ahead, opens its rows), the end stage
 * stores the answer's end through it. The answer's profile (`AnswerProfile.store`) chooses the implementation:
 * `JournaledAnswerStore` for a conversation's answers, `QaRecordAnswerStore` for the Q&A page's records.
 */
export interface AnswerStore {
  /** The asker's limits, and whatever must be stored before `[START]`; a refusal is sent before `[START]`. */
  admit(question: AnswerQuestion, answerUuid: string): Promise<AdmittedAnswer | Refused>;
  /** The answer stored as it ended, before its lock is let go and its closing frames are sent. */
  finish(ending: Ending, closing: Closing, logger: Logger): Promise<StoredEnd>;
}
