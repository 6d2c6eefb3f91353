/**
 * The baseline `bench:persist` compares the answer journal with: a whole answer (question, answer, paragraphs,
 * citations and references) stored in one statement after it has ended, as the service stored answers before
 * answers were journaled while they stream.
 */
import type { DataSource } from 'typeorm';
import { answerOutcomeRows, CITATION_ROW_INSERTS, type AnswerOutcome } from '../src/answer/citation-columns.js';
import type { ConversationEntity } from '../src/platform/database/entities/index.js';
import { MESSAGE_ROLE, type AnswerStatus } from '../src/platform/database/entities/message.entity.js';

/** One answer as it is kept: what the reader was shown, and how it came about. */
export interface AnswerRecord extends AnswerOutcome {
  userId: string;
  /** Set when an earlier question is answered again: the new answer joins it. */
  questionId?: string;
  conversation: ConversationEntity;
  questionUuid: string;
  answerUuid: string;
  question: string;
  status: AnswerStatus;
  modelPlatform: string;
}

/**
 * Everything about one answer in a single statement: data-modifying CTEs insert the question, the answer and
 * every paragraph, citation and reference row, fed from one JSON parameter. One statement is one round trip
 * and is atomic by itself: all of it is stored, or none.
 */
const SAVE_ANSWER = `
WITH input AS (SELECT $1::jsonb AS j),
question AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "message_role", "tokens")
  SELECT j->>'questionUuid', 0, (j->>'conversationId')::bigint, j->>'conversationUuid', (j->>'userId')::bigint,
         j->>'question', ${MESSAGE_ROLE.user}, (j->>'totalTokens')::int
    FROM input WHERE j->>'questionId' IS NULL
  RETURNING "id"),
question_id AS (
  SELECT "id" FROM question
  UNION ALL SELECT (j->>'questionId')::bigint FROM input WHERE j->>'questionId' IS NOT NULL),
answer AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "thinking_content",
     "message_role", "tokens", "ai_model_platform", "is_ref_embedding", "is_ref_graph", "answer_status", "citation_mode",
     "parse_outcome", "has_citation_error", "paragraph_count", "ref_count", "dropped_citation_count",
     "uncited_paragraph_count", "unsupported_citation_count", "supported_paragraph_count", "inferred_paragraph_count",
     "unverified_quote_count", "is_refused", "is_truncated")
  SELECT j->>'answerUuid', (SELECT "id" FROM question_id), (j->>'conversationId')::bigint, j->>'conversationUuid',
         (j->>'userId')::bigint, j->>'answerText', j->>'thinking', ${MESSAGE_ROLE.assistant}, (j->>'completionTokens')::int,
         j->>'modelPlatform', (j->>'isRefEmbedding')::boolean, (j->>'isRefGraph')::boolean, j->>'status',
         j->>'citationMode', j->>'parseOutcome', (j->>'hasCitationError')::boolean, (j->>'paragraphCount')::int,
         (j->>'refCount')::int, (j->>'droppedCitationCount')::int, (j->>'uncitedParagraphCount')::int,
         (j->>'unsupportedCitationCount')::int, (j->>'supportedParagraphCount')::int,
         (j->>'inferredParagraphCount')::int, (j->>'unverifiedQuoteCount')::int, (j->>'refused')::boolean,
         (j->>'truncated')::boolean
    FROM input
  RETURNING "id"),
${CITATION_ROW_INSERTS}
SELECT (SELECT "id" FROM answer) AS "answerId"`;

export class OneStatementSave {
  constructor(private readonly dataSource: DataSource) {}

  /** Question, answer, paragraphs, citations and references, atomically. */
  async save(record: AnswerRecord): Promise<void> {
    await this.dataSource.query(SAVE_ANSWER, [JSON.stringify(toRows(record))]);
  }
}

/** The record as the rows of the statement above. */
function toRows(record: AnswerRecord) {
  return {
    questionId: record.questionId ?? null,
    questionUuid: record.questionUuid,
    answerUuid: record.answerUuid,
    conversationId: record.conversation.id,
    conversationUuid: record.conversation.uuid,
    userId: record.userId,
    question: record.question,
    modelPlatform: record.modelPlatform,
    ...answerOutcomeRows(record),
  };
}
