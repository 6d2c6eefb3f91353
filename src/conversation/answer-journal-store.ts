import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../database/database.module.js';
import { poolQuery, type PoolQuery } from '../database/pool-query.js';
import { MESSAGE_ROLE, type AnswerStatus } from '../database/entities/message.entity.js';
import { safeText } from '../sse/safe-text.js';
import type { SseFrame } from '../sse/sse-frames.js';
import { StorageFailedError } from './conversation-errors.js';
import { answerOutcomeRows, CITATION_ROW_INSERTS, type AnswerOutcome } from './citation-columns.js';

/** PostgreSQL channel that says an answer's journal grew (payload: the answer's uuid). */
export const JOURNAL_CHANNEL = 'adi_answer_journal';
/** PostgreSQL channel that asks the writer of an answer to stop it (payload: the answer's uuid). */
export const STOP_CHANNEL = 'adi_answer_stop';

/** What is known of an answer before `[START]`: the question, and where the answer goes. */
export interface AnswerOpening {
  userId: string;
  conversationId: string;
  conversationUuid: string;
  /** Set when an earlier question is answered again: the new answer joins it. */
  questionId?: string;
  questionUuid: string;
  question: string;
  answerUuid: string;
  modelPlatform: string;
  leaseMs: number;
}

/** Events and shown text written since the previous flush. */
export interface JournalBatch {
  events: readonly SseFrame[];
  text: string;
  thinking: string;
}

/** A batch with the answer it belongs to. */
export interface AnswerBatch extends JournalBatch {
  answerId: string;
  answerUuid: string;
}

/** Everything an answer ends with. The statement that stores it overwrites, so running it twice is harmless. */
export interface AnswerClosing extends AnswerOutcome {
  answerId: string;
  answerUuid: string;
  questionId: string;
  /** True when the question row was made for this answer (it then gets the call's token count). */
  newQuestion: boolean;
  userId: string;
  status: Exclude<AnswerStatus, 'streaming'>;
  /** Events not yet stored; events after `lastSeq` (written but never delivered) are removed. */
  events: readonly SseFrame[];
  lastSeq: number;
}

const OPEN_ANSWER = `
WITH input AS (SELECT $1::jsonb AS j),
question AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "message_role", "tokens")
  SELECT j->>'questionUuid', 0, (j->>'conversationId')::bigint, j->>'conversationUuid', (j->>'userId')::bigint,
         j->>'question', ${MESSAGE_ROLE.user}, 0
    FROM input WHERE j->>'questionId' IS NULL
  RETURNING "id"),
question_id AS (
  SELECT "id" FROM question
  UNION ALL SELECT (j->>'questionId')::bigint FROM input WHERE j->>'questionId' IS NOT NULL),
answer AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "message_role",
     "ai_model_platform", "answer_status")
  SELECT j->>'answerUuid', (SELECT "id" FROM question_id), (j->>'conversationId')::bigint, j->>'conversationUuid',
         (j->>'userId')::bigint, '', ${MESSAGE_ROLE.assistant}, j->>'modelPlatform', 'streaming'
    FROM input
  RETURNING "id"),
stream AS (
  INSERT INTO "adi_answer_stream" ("message_id", "answer_uuid", "user_id", "lease_expires_at")
  SELECT answer."id", j->>'answerUuid', (j->>'userId')::bigint, now() + (j->>'leaseMs')::int * interval '1 millisecond'
    FROM answer, input
  RETURNING 1)
SELECT (SELECT "id" FROM answer) AS "answerId", (SELECT "id" FROM question_id) AS "questionId",
       (SELECT count(*) FROM stream) AS "streams"`;

/**
 * One flush of many answers: each batch's events, and its shown text appended to its answer row, in one
 * statement. A batch whose events are already stored (a retry of a flush whose reply was lost) is skipped, and
 * then its text is not appended twice. Readers on other instances are told which answers grew, up to 200 uuids
 * a notification (a payload holds at most 8,000 bytes).
 */
const APPEND_MANY = `
WITH input AS (SELECT $1::jsonb AS j),
batches AS (
  SELECT (b->>'answerId')::bigint AS answer_id, b->>'answerUuid' AS answer_uuid, b->'events' AS events,
         b->>'text' AS text, b->>'thinking' AS thinking
    FROM input, jsonb_array_elements(j) AS b),
events AS (
  INSERT INTO "adi_answer_event" ("message_id", "seq", "event", "data")
  SELECT answer_id, e."seq", e."event", e."data"
    FROM batches, jsonb_to_recordset(batches.events) AS e("seq" int, "event" text, "data" text)
  ON CONFLICT DO NOTHING
  RETURNING "message_id"),
answers AS (
  UPDATE "adi_conversation_message" AS m
     SET "remark" = m."remark" || b.text, "thinking_content" = m."thinking_content" || b.thinking
    FROM batches AS b
   WHERE m."id" = b.answer_id AND b.answer_id IN (SELECT "message_id" FROM events)
  RETURNING b.answer_uuid),
numbered AS (SELECT answer_uuid, (row_number() OVER () - 1) / 200 AS part FROM answers)
SELECT (SELECT count(*) FROM answers) AS "updated",
       (SELECT count(*) FROM (SELECT pg_notify('${JOURNAL_CHANNEL}', string_agg(answer_uuid, ','))
                                FROM numbered GROUP BY part) AS notified) AS "notifications",
       -- A flush need not wait for the disk: losing the last few hundred milliseconds of a crashed database's
       -- journal is the same loss as a crashed writer's. The closing statement commits durably.
       set_config('synchronous_commit', 'off', true)`;

/**
 * The end of an answer in one statement: remaining events, status, counts, text, paragraphs, citations and
 * refs, atomically. Rows a previous run of the same statement wrote are replaced, never doubled.
 */
const CLOSE_ANSWER = `
WITH given AS (SELECT $1::jsonb AS j),
-- The answer row must carry the uuid too: a spill file never lands on another database's row of the same id.
input AS (
  SELECT j, m."id" AS answer_id FROM given
    JOIN "adi_conversation_message" AS m ON m."id" = (j->>'answerId')::bigint AND m."uuid" = j->>'answerUuid'),
events AS (
  INSERT INTO "adi_answer_event" ("message_id", "seq", "event", "data")
  SELECT answer_id, e."seq", e."event", e."data"
    FROM input, jsonb_to_recordset(j->'events') AS e("seq" int, "event" text, "data" text)
   WHERE e."seq" <= (j->>'lastSeq')::int
  ON CONFLICT DO NOTHING
  RETURNING 1),
undelivered AS (
  DELETE FROM "adi_answer_event" USING input
   WHERE "message_id" = answer_id AND "seq" > (j->>'lastSeq')::int
  RETURNING 1),
answer AS (
  UPDATE "adi_conversation_message" SET
    "remark" = j->>'answerText', "thinking_content" = j->>'thinking', "tokens" = (j->>'completionTokens')::int,
    "is_ref_embedding" = (j->>'isRefEmbedding')::boolean, "is_ref_graph" = (j->>'isRefGraph')::boolean,
    "answer_status" = j->>'status', "citation_mode" = j->>'citationMode', "parse_outcome" = j->>'parseOutcome',
    "has_citation_error" = (j->>'hasCitationError')::boolean, "paragraph_count" = (j->>'paragraphCount')::int,
    "ref_count" = (j->>'refCount')::int, "dropped_citation_count" = (j->>'droppedCitationCount')::int,
    "uncited_paragraph_count" = (j->>'uncitedParagraphCount')::int,
    "unsupported_citation_count" = coalesce((j->>'unsupportedCitationCount')::int, 0),
    "supported_paragraph_count" = coalesce((j->>'supportedParagraphCount')::int, 0),
    "inferred_paragraph_count" = coalesce((j->>'inferredParagraphCount')::int, 0),
    "unverified_quote_count" = coalesce((j->>'unverifiedQuoteCount')::int, 0),
    "is_refused" = coalesce((j->>'refused')::boolean, false), "is_truncated" = coalesce((j->>'truncated')::boolean, false),
    "update_time" = now()
    FROM input WHERE "id" = answer_id
  RETURNING "id"),
question AS (
  UPDATE "adi_conversation_message" SET "tokens" = (j->>'totalTokens')::int
    FROM input WHERE "id" = (j->>'questionId')::bigint AND (j->>'newQuestion')::boolean
  RETURNING 1),
stream AS (DELETE FROM "adi_answer_stream" USING input WHERE "message_id" = answer_id RETURNING 1),
old_paragraphs AS (DELETE FROM "adi_conversation_message_citation_paragraph" USING input WHERE "message_id" = answer_id RETURNING 1),
old_citations AS (DELETE FROM "adi_conversation_message_citation" USING input WHERE "message_id" = answer_id RETURNING 1),
old_refs AS (DELETE FROM "adi_conversation_message_citation_ref" USING input WHERE "message_id" = answer_id RETURNING 1),
old_embedding_refs AS (DELETE FROM "adi_conversation_message_ref_embedding" USING input WHERE "message_id" = answer_id RETURNING 1),
old_graph_refs AS (DELETE FROM "adi_conversation_message_ref_graph" USING input WHERE "message_id" = answer_id RETURNING 1),
${CITATION_ROW_INSERTS}
SELECT (SELECT count(*) FROM answer) AS "updated", pg_notify('${JOURNAL_CHANNEL}', (SELECT j->>'answerUuid' FROM input))`;

/** Answers whose writer stopped renewing its lease (the process died): closed as `interrupted`, text kept. */
const CLOSE_ABANDONED = `
WITH dead AS (DELETE FROM "adi_answer_stream" WHERE "lease_expires_at" < now() RETURNING "message_id"),
closed AS (
  UPDATE "adi_conversation_message" AS m SET "answer_status" = 'interrupted', "update_time" = now()
    FROM dead WHERE m."id" = dead."message_id" AND m."answer_status" = 'streaming'
  RETURNING m."uuid")
SELECT "uuid", pg_notify('${JOURNAL_CHANNEL}', "uuid") FROM closed`;

/** A stored event of an answer's stream. */
export interface StoredEvent {
  seq: number;
  event: string | null;
  data: string;
}

/**
 * (Statements that change rows end in a SELECT: TypeORM returns `[rows, count]` for a bare UPDATE or DELETE.)
 *
 * The answer journal's statements: open an answer before `[START]`, append what is shown, close it in one
 * atomic statement, renew the lease of a live answer, and close the answers of dead writers.
 */
@Injectable()
export class AnswerJournalStore {
  private readonly sql: PoolQuery;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.sql = poolQuery(dataSource);
  }

  async open(opening: AnswerOpening): Promise<{ answerId: string; questionId: string }> {
    const rows = await this.run<{ answerId: string; questionId: string }>('answer_open', OPEN_ANSWER, {
      ...opening,
      question: safeText(opening.question),
      questionId: opening.questionId ?? null,
    });
    return { answerId: String(rows[0]!.answerId), questionId: String(rows[0]!.questionId) };
  }

  /** The batches of many answers, in one statement. */
  async appendMany(batches: readonly AnswerBatch[]): Promise<void> {
    await this.run(
      'answer_append_many',
      APPEND_MANY,
      batches.map((batch) => ({
        answerId: batch.answerId,
        answerUuid: batch.answerUuid,
        events: batch.events.map(eventRow),
        text: batch.text,
        thinking: batch.thinking,
      })),
    );
  }

  async close(closing: AnswerClosing): Promise<void> {
    await this.closeRows(closingRows(closing));
  }

  /** {@link close} from rows kept in a spill file. */
  async closeRows(rows: ReturnType<typeof closingRows>): Promise<void> {
    const result = await this.run<{ updated: string }>('answer_close', CLOSE_ANSWER, rows);
    if (Number(result[0]?.updated ?? 0) === 0) {
      throw new StorageFailedError(new Error(`answer ${rows.answerUuid} is not in this database`));
    }
  }

  /** Extends the leases of many answers at once; resolves with the ids of those someone asked to stop. */
  async renewMany(answerIds: readonly string[], leaseMs: number): Promise<Set<string>> {
    if (answerIds.length === 0) return new Set();
    const rows = await this.sql.rows<{ id: string }>(
      `UPDATE "adi_answer_stream" SET "lease_expires_at" = now() + $2 * interval '1 millisecond'
        WHERE "message_id" = ANY($1::bigint[]) RETURNING "message_id" AS "id", "stop_requested" AS "stop"`,
      [answerIds, leaseMs],
      'answer_lease_renew_many',
    );
    return new Set(rows.filter((row) => (row as { stop?: boolean }).stop === true).map((row) => String(row.id)));
  }

  /** Asks the writer of a live answer to stop; false when the answer is not being written. */
  async requestStop(answerUuid: string): Promise<boolean> {
    const rows = await this.sql.rows(
      `WITH asked AS (
         UPDATE "adi_answer_stream" SET "stop_requested" = true WHERE "answer_uuid" = $1 RETURNING "answer_uuid")
       SELECT pg_notify('${STOP_CHANNEL}', "answer_uuid") FROM asked`,
      [answerUuid],
    );
    return rows.length > 0;
  }

  async closeAbandoned(): Promise<string[]> {
    const rows = await this.sql.rows<{ uuid: string }>(CLOSE_ABANDONED);
    return rows.map((row) => row.uuid);
  }

  eventsAfter(answerId: string, seq: number): Promise<StoredEvent[]> {
    return this.sql.rows<StoredEvent>(
      `SELECT "seq", "event", "data" FROM "adi_answer_event" WHERE "message_id" = $1 AND "seq" > $2 ORDER BY "seq"`,
      [answerId, seq],
      'answer_events_after',
    );
  }

  async isStreaming(answerId: string): Promise<boolean> {
    const rows = await this.sql.rows(`SELECT 1 FROM "adi_answer_stream" WHERE "message_id" = $1`, [answerId]);
    return rows.length > 0;
  }

  /** One of the statements above, prepared once per connection under its own name. */
  private async run<T extends object>(name: string, text: string, input: unknown): Promise<T[]> {
    try {
      return await this.sql.rows<T>(text, [JSON.stringify(input)], name);
    } catch (error) {
      throw new StorageFailedError(error);
    }
  }
}

function eventRow(frame: SseFrame) {
  return { seq: frame.id, event: frame.event ?? null, data: frame.data };
}

/** The closing as the rows of the statement above. */
export function closingRows(closing: AnswerClosing) {
  return {
    answerId: closing.answerId,
    answerUuid: closing.answerUuid,
    questionId: closing.questionId,
    newQuestion: closing.newQuestion,
    userId: closing.userId,
    ...answerOutcomeRows(closing),
    events: closing.events.map(eventRow),
    lastSeq: closing.lastSeq,
  };
}
