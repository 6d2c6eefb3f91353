import type { CitationCatalog } from '../../citation/citation-catalog.js';
import type { CitationVerdict } from '../../citation/citation-events.js';
import type { CitationStreamOptions } from '../../citation/citation-stream.js';
import type { ConversationMemory } from '../../conversations/conversation-history.js';
import type { RetrievalResult } from '../../knowledge/retrieval-port.js';
import type { AnswerMetrics } from '../../platform/metrics/answer-metrics.js';
import type { AnswerJournal } from '../answer-journal.js';
import type { AnswerQuestion } from '../answer-question.js';
import type { AnswerSession, ModelEnding } from '../answer-session.js';
import type { AnswerLock } from '../ask-limits.js';

/*
 * What the stages hand on: each stage returns one of these to the engine, which passes it to the stages after.
 * Stages import these types, never each other.
 */

/** A question let in: the asker's one-answer lock, and, for a journaled answer, its question and answer rows. */
export interface AdmittedAnswer {
  lock: AnswerLock;
  answerUuid: string;
  /** The journal's rows, opened before `[START]`; none for an answer stored whole at its end. */
  rows?: { answerId: string; questionId: string };
}

/** An answer whose stream is open: its session onto the connection, its journal when it has one, its watchers. */
export interface OpenedAnswer {
  session: AnswerSession;
  journal: AnswerJournal | undefined;
  observed: AnswerMetrics;
  /** Stops renewing the lock and the writer's lease; safe to call more than once. */
  stopKeepingAlive: () => void;
  /** Lets go of everything the stream registered (renewals, the local stop switch). */
  close: () => void;
}

/** What the model turn needs, fixed before the model runs. */
export interface Retrieved {
  memory: ConversationMemory;
  /** What retrieval found; undefined when no readable knowledge base was searched. */
  hits: RetrievalResult | undefined;
  /** The sources the model may cite (E1 … for chunks, G1 … for graph facts). */
  catalog: CitationCatalog;
  /** The citation core's options for this answer: support check, numbering, refusal. */
  options: CitationStreamOptions;
}

/** How the model's part ended, and the late verifier's verdicts on the paragraphs it sent. */
export interface TurnResult {
  ending: ModelEnding;
  verdicts: CitationVerdict[];
}

/** What the end stage is handed: the answer, how its model turn ended, and how to let go of the lock. */
export interface Ending {
  question: AnswerQuestion;
  admitted: AdmittedAnswer;
  opened: OpenedAnswer;
  turn: TurnResult;
  hits: RetrievalResult | undefined;
  /** Stops the renewals and lets go of the lock: called once the answer is stored, before its end is sent. */
  letGo: () => Promise<void>;
}
