import type { EventProfile } from './answer-frames.js';
import type { StreamChoices } from './answer-question.js';

/**
 * What sets one kind of answer apart from another: the engine runs every answer through the same stages, and
 * reads here which events its route speaks, where the answer is kept, and what the model is told besides the
 * question.
 */
export interface AnswerProfile {
  /** Names the kind of answer in logs. */
  readonly name: 'chat' | 'kb-qa';
  /** The events its route speaks (see `AnswerFrameMapper`). */
  readonly frames: EventProfile;
  /**
   * The answer store it is kept by (`AnswerStores`). `journal`: the question and the answer rows of a
   * conversation, the answer written ahead frame by frame, so that it can be resumed, followed and stopped from
   * elsewhere, and its identity sent in the headers. `qa-record`: a knowledge-base Q&A record, whose answer is
   * stored whole, in one statement, at its end.
   */
  readonly store: 'journal' | 'qa-record';
  /** The conversation's system message and earlier turns go to the model, and its earlier citation numbers hold. */
  readonly memory: boolean;
}

/** The conversation stream (`POST /conversation/message/process`). */
export const CHAT_PROFILE: AnswerProfile = { name: 'chat', frames: 'chat', store: 'journal', memory: true };

/** The knowledge-base Q&A page (`POST /knowledge-base/qa/process/:uuid`): one base, no memory, no resume. */
export const QA_PROFILE: AnswerProfile = { name: 'kb-qa', frames: 'kb-qa', store: 'qa-record', memory: false };

/** The Q&A page neither asks for citation events nor resumes: a reader who leaves stops the model. */
export const QA_CHOICES: StreamChoices = { citationEvents: false, resumable: false };
