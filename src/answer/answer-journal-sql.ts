import { LIMIT_TABLE } from '../platform/common/rate-limiter.js';
import { MESSAGE_ROLE } from '../platform/database/entities/message.entity.js';
import { WRAP } from '../platform/sse/sse-frames.js';
import { EVENT } from './answer-frames.js';
import {
  answerRefInserts,
  CITATION_RECORD,
  CITATION_ROW_INSERTS,
  PARAGRAPH_RECORD,
  REF_RECORD,
} from './citation-columns.js';

/**
 * The answer journal's statements. Each takes one jsonb parameter, `j`. (Statements that change rows end in a
 * SELECT: TypeORM returns `[rows, count]` for a bare UPDATE or DELETE.)
 */

/** PostgreSQL channel that says an answer's journal grew (payload: the answer's uuid). */
export const JOURNAL_CHANNEL = 'adi_answer_journal';
/** PostgreSQL channel that asks the writer of an answer to stop it (payload: the answer's uuid). */
export const STOP_CHANNEL = 'adi_answer_stop';

/**
 * The rows answers open with, for the records of `input` (none when it is empty): each question (unless an earlier
 * one is answered again), each answer (`streaming`, its parent the question) and its stream's lease.
 */
const OPENING_ROWS = `
question AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "message_role", "tokens")
  SELECT j->>'questionUuid', 0, (j->>'conversationId')::bigint, j->>'conversationUuid', (j->>'userId')::bigint,
         j->>'question', ${MESSAGE_ROLE.user}, 0
    FROM input WHERE j->>'questionId' IS NULL
  RETURNING "id", "uuid"),
answer AS (
  INSERT INTO "adi_conversation_message"
    ("uuid", "parent_message_id", "conversation_id", "conversation_uuid", "user_id", "remark", "message_role",
     "ai_model_platform", "answer_status")
  SELECT j->>'answerUuid', coalesce((j->>'questionId')::bigint, question."id"), (j->>'conversationId')::bigint,
         j->>'conversationUuid', (j->>'userId')::bigint, '', ${MESSAGE_ROLE.assistant}, j->>'modelPlatform', 'streaming'
    FROM input LEFT JOIN question ON question."uuid" = j->>'questionUuid'
  RETURNING "id", "uuid", "parent_message_id"),
stream AS (
  INSERT INTO "adi_answer_stream" ("message_id", "answer_uuid", "user_id", "lease_expires_at")
  SELECT answer."id", answer."uuid", (j->>'userId')::bigint, now() + (j->>'leaseMs')::int * interval '1 millisecond'
    FROM input JOIN answer ON answer."uuid" = j->>'answerUuid'
  RETURNING 1)`;

export const OPEN_ANSWER = `
WITH input AS (SELECT $1::jsonb AS j),${OPENING_ROWS}
SELECT "id" AS "answerId", "parent_message_id" AS "questionId" FROM answer`;

/**
 * Questions admitted and their answers opened in one transaction, for limits kept as rows of this database. For
 * each record (one per question, each of a different user, in the users' order, so that the rows are taken in that
 * order; `ord` is its place in the array):
 * - the asker's one-answer lock is looked at first; a question refused because it is held is not counted;
 * - the question is counted in the per-minute limiter's row (the table, key and arithmetic of
 *   `rate-limiter-flexible`'s PostgreSQL store, with the application's clock: `$2` is now and `j.rateExpire` the
 *   end of a window that starts now, in milliseconds since the epoch);
 * - within the limit, the lock is taken for `j.holder` (or taken over from a holder whose lease ran out);
 * - with the lock, the answer opens.
 * `free` false: the lock is held. `points` over the limit: refused for the rate. No `answerId` otherwise: another
 * question of the same user (on another instance) took the lock since this statement's snapshot; that question is
 * counted, where the lock taken before the count would not have counted it. The records are filtered as in
 * {@link RECORDS}, so that the statement is planned for one.
 */
export const OPEN_ADMITTED_ANSWERS = `
WITH given AS (
  SELECT j, ord FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS records(j, ord) WHERE j ? 'answerUuid'),
free AS (
  SELECT ord, NOT EXISTS (SELECT 1 FROM "adi_ask_lock" AS l
                           WHERE l."user_id" = (j->>'userId')::bigint AND l."expires_at" >= now()) AS "free"
    FROM given),
counted AS (
  INSERT INTO "${LIMIT_TABLE}" AS r ("key", "points", "expire")
  SELECT j->>'rateKey', 1, (j->>'rateExpire')::bigint FROM given JOIN free USING (ord) WHERE free."free" ORDER BY ord
  ON CONFLICT ("key") DO UPDATE SET
    "points" = CASE WHEN r."expire" <= $2::bigint THEN 1 ELSE r."points" + 1 END,
    "expire" = CASE WHEN r."expire" <= $2::bigint THEN EXCLUDED."expire" ELSE r."expire" END
  RETURNING r."key", r."points"),
locked AS (
  INSERT INTO "adi_ask_lock" AS l ("user_id", "holder", "expires_at")
  SELECT (j->>'userId')::bigint, j->>'holder', now() + (j->>'leaseMs')::int * interval '1 millisecond'
    FROM given JOIN counted ON counted."key" = j->>'rateKey'
   WHERE counted."points" <= (j->>'perMinute')::int ORDER BY ord
  ON CONFLICT ("user_id") DO UPDATE SET "holder" = EXCLUDED."holder", "expires_at" = EXCLUDED."expires_at"
   WHERE l."expires_at" < now()
  RETURNING l."holder"),
input AS (SELECT j FROM given JOIN locked ON locked."holder" = j->>'holder'),${OPENING_ROWS}
SELECT free."free", counted."points", answer."id" AS "answerId", answer."parent_message_id" AS "questionId"
  FROM given JOIN free USING (ord)
  LEFT JOIN counted ON counted."key" = j->>'rateKey'
  LEFT JOIN answer ON answer."uuid" = j->>'answerUuid'
 ORDER BY ord`;

/** The text an event shows the stock client: an unnamed event's data, a leading `-_wrap_-` being a line break. */
const SHOWN_TEXT = `CASE WHEN starts_with("data", '${WRAP}') THEN E'\\n' || substr("data", ${WRAP.length + 1}) ELSE "data" END`;

/**
 * The text and reasoning shown by the events of `source` (a relation of `seq`, `event`, `data`), in order, for
 * each `message_id` it holds; `source` must have that column too.
 */
function shownTextOf(source: string): string {
  return `SELECT "message_id",
         coalesce(string_agg(${SHOWN_TEXT}, '' ORDER BY "seq") FILTER (WHERE "event" IS NULL), '') AS text,
         coalesce(string_agg("data", '' ORDER BY "seq") FILTER (WHERE "event" = '${EVENT.thinking}'), '') AS thinking
    FROM ${source} GROUP BY "message_id"`;
}

/**
 * The records of a statement that takes many, one per answer. The test that each has an answer id is there for the
 * planner: it guesses that a JSON array holds a hundred elements and that a test of a key keeps one in a hundred, so
 * it plans for one record, reading each table through its index row by row as for one answer. Planned for a hundred,
 * a table it believes small (one never analyzed since it was small, as where autovacuum is off) would be read whole
 * at every statement, however large it has grown.
 */
const RECORDS = `SELECT j FROM jsonb_array_elements($1::jsonb) AS j WHERE j ? 'answerId'`;

/**
 * One flush of many answers: each batch's events, the text they show appended to its answer row, and the rows
 * of the paragraphs it sent (each with its citations, and the sources first cited in it), in one statement.
 * The events are the frames as they were sent (`id`, `event` when named, `data`), serialised as they are.
 *
 * It commits durably: the writer forgets what a flush stored (the answer's end reads its text back from the
 * stored events), so a database that crashed after acknowledging it must still have it.
 *
 * Run twice (a retry of a flush whose reply was lost, maybe joined by later events), it stores nothing twice:
 * events and paragraphs are unique per answer, only the events stored by this run append their text, and a
 * paragraph's citations go in only with the paragraph. Readers on other instances are told which answers grew, up to 200
 * uuids a notification (a payload holds at most 8,000 bytes).
 */
export const APPEND_MANY = `
WITH batches AS (
  SELECT (j->>'answerId')::bigint AS answer_id, j->>'answerUuid' AS answer_uuid, j->'events' AS events,
         j->'paragraphs' AS paragraphs, j->'citations' AS citations, j->'refs' AS refs
    FROM (${RECORDS}) AS records),
events AS (
  INSERT INTO "adi_answer_event" ("message_id", "seq", "event", "data")
  SELECT answer_id, e."id", e."event", e."data"
    FROM batches, jsonb_to_recordset(batches.events) AS e("id" int, "event" text, "data" text)
  ON CONFLICT DO NOTHING
  RETURNING "message_id", "seq", "event", "data"),
appended AS (${shownTextOf('events')}),
-- Found from the batches, which the planner takes for one (see RECORDS): each answer's row is read through its
-- index, however small the planner believes the table.
answers AS (
  UPDATE "adi_conversation_message" AS m
     SET "remark" = m."remark" || a.text, "thinking_content" = m."thinking_content" || a.thinking
    FROM batches AS b JOIN appended AS a ON a."message_id" = b.answer_id
   WHERE m."id" = b.answer_id
  RETURNING m."uuid" AS answer_uuid),
paragraphs AS (
  INSERT INTO "adi_conversation_message_citation_paragraph"
    ("message_id", "paragraph_index", "text", "citation_ids_json", "support_verdict", "is_supported",
     "is_inferred")
  SELECT b.answer_id, p."paragraphIndex", p."text", p."citationIdsJson", p."verdict", p."supported",
         coalesce(p."inferred", false)
    FROM batches AS b, jsonb_to_recordset(b.paragraphs)
      AS ${PARAGRAPH_RECORD}
  ON CONFLICT DO NOTHING
  RETURNING "message_id", "paragraph_index"),
citations AS (
  INSERT INTO "adi_conversation_message_citation"
    ("message_id", "paragraph_index", "citation_id", "display_number", "citation_type", "source_id", "support_score",
     "support_verdict", "support_evidence", "quote_text", "quote_start", "quote_end")
  SELECT b.answer_id, c."paragraphIndex", c."citationId", c."displayNumber", c."citationType", c."sourceId",
         c."supportScore", c."supportVerdict", c."supportEvidence", c."quoteText", c."quoteStart", c."quoteEnd"
    FROM batches AS b, jsonb_to_recordset(b.citations)
      AS ${CITATION_RECORD}
   WHERE (b.answer_id, c."paragraphIndex") IN (SELECT "message_id", "paragraph_index" FROM paragraphs)
  RETURNING 1),
refs AS (
  INSERT INTO "adi_conversation_message_citation_ref"
    ("message_id", "citation_id", "display_number", "citation_type", "source_id", "payload_json")
  SELECT b.answer_id, r."citationId", r."displayNumber", r."citationType", r."sourceId", r."payloadJson"
    FROM batches AS b, jsonb_to_recordset(b.refs)
      AS ${REF_RECORD}
  ON CONFLICT DO NOTHING
  RETURNING 1),
numbered AS (SELECT answer_uuid, (row_number() OVER () - 1) / 200 AS part FROM answers)
SELECT (SELECT count(*) FROM answers) AS "updated",
       (SELECT count(*) FROM (SELECT pg_notify('${JOURNAL_CHANNEL}', string_agg(answer_uuid, ','))
                                FROM numbered GROUP BY part) AS notified) AS "notifications"`;

/** The answer row's closing columns, from the record `j` (shared by both closing statements). */
const ANSWER_COLUMNS = `"tokens" = (j->>'completionTokens')::int,
    "is_ref_embedding" = (j->>'isRefEmbedding')::boolean, "is_ref_graph" = (j->>'isRefGraph')::boolean,
    "answer_status" = j->>'status', "citation_mode" = j->>'citationMode', "parse_outcome" = j->>'parseOutcome',
    "has_citation_error" = (j->>'hasCitationError')::boolean, "paragraph_count" = (j->>'paragraphCount')::int,
    "ref_count" = (j->>'refCount')::int, "dropped_citation_count" = (j->>'droppedCitationCount')::int,
    "uncited_paragraph_count" = (j->>'uncitedParagraphCount')::int,
    "verified_citation_count" = coalesce((j->>'verifiedCitationCount')::int, 0),
    "unverified_citation_count" = coalesce((j->>'unverifiedCitationCount')::int, 0),
    "contradicted_citation_count" = coalesce((j->>'contradictedCitationCount')::int, 0),
    "verified_paragraph_count" = coalesce((j->>'verifiedParagraphCount')::int, 0),
    "contradicted_paragraph_count" = coalesce((j->>'contradictedParagraphCount')::int, 0),
    "unsupported_citation_count" = coalesce((j->>'unsupportedCitationCount')::int, 0),
    "supported_paragraph_count" = coalesce((j->>'supportedParagraphCount')::int, 0),
    "inferred_paragraph_count" = coalesce((j->>'inferredParagraphCount')::int, 0),
    "unverified_quote_count" = coalesce((j->>'unverifiedQuoteCount')::int, 0),
    "is_refused" = coalesce((j->>'refused')::boolean, false), "is_truncated" = coalesce((j->>'truncated')::boolean, false),
    "update_time" = now()`;

/**
 * What every closing statement starts with: `input`, each record `j` of `given` matched to its answer row
 * (`answer_id`) by id and uuid alike.
 */
function closingInput(given: string): string {
  return `given AS (${given}),
-- The answer row must carry the uuid too: a spill file never lands on another database's row of the same id.
input AS (
  SELECT j, m."id" AS answer_id FROM given
    JOIN "adi_conversation_message" AS m ON m."id" = (j->>'answerId')::bigint AND m."uuid" = j->>'answerUuid')`;
}

/** Events written after the last one the reader was shown (`lastSeq`) are removed. */
const UNDELIVERED_EVENTS = `undelivered AS (
  DELETE FROM "adi_answer_event" USING input
   WHERE "message_id" = answer_id AND "seq" > (j->>'lastSeq')::int
  RETURNING 1)`;

/** The question's token count, and the end of the answer's lease; shared by both closing statements. */
const CLOSING_QUESTION_AND_STREAM = `question AS (
  UPDATE "adi_conversation_message" SET "tokens" = (j->>'totalTokens')::int
    FROM input WHERE "id" = (j->>'questionId')::bigint AND (j->>'newQuestion')::boolean
  RETURNING 1),
stream AS (DELETE FROM "adi_answer_stream" USING input WHERE "message_id" = answer_id RETURNING 1)`;

/** The answers' whole-answer references stored before, which a closing replaces. */
const OLD_ANSWER_REFS = `old_embedding_refs AS (DELETE FROM "adi_conversation_message_ref_embedding" USING input WHERE "message_id" = answer_id RETURNING 1),
old_graph_refs AS (DELETE FROM "adi_conversation_message_ref_graph" USING input WHERE "message_id" = answer_id RETURNING 1)`;

/**
 * The ends of answers whose events and paragraphs were journaled as they were sent, in one atomic statement
 * (`$1` is an array of records, one per answer): the events and paragraph rows not stored yet, status and
 * counts, and the whole-answer references. What was written but never delivered (events after `lastSeq`,
 * paragraphs after `lastParagraphIndex`, the sources first cited in them) is removed. The answer's text and
 * reasoning grow by what its tail shows, read with the stock client's rule, as each flush's did; after a stall
 * they are read back from the delivered events. The process need not keep them. The asker's lock is freed with it
 * when it is a row of this database. Running it twice leaves the same rows. It returns the ids of the answers it
 * closed.
 */
export const CLOSE_ANSWERS = `
WITH ${closingInput(RECORDS)},
tail AS (
  SELECT answer_id, e."seq", e."event", e."data"
    FROM input, jsonb_to_recordset(j->'events') AS e("seq" int, "event" text, "data" text)
   WHERE e."seq" <= (j->>'lastSeq')::int),
events AS (
  INSERT INTO "adi_answer_event" ("message_id", "seq", "event", "data")
  SELECT answer_id, "seq", "event", "data" FROM tail
  ON CONFLICT DO NOTHING
  RETURNING "message_id", "seq", "event", "data"),
${UNDELIVERED_EVENTS},
-- Answers with stored events after the last one delivered: a reader stalled, and the stored text must be cut back.
cut AS (
  SELECT answer_id FROM input
   WHERE EXISTS (SELECT 1 FROM "adi_answer_event" AS e
                  WHERE e."message_id" = answer_id AND e."seq" > (j->>'lastSeq')::int)),
-- Every delivered event of the answers to cut back: those stored before this statement and its own (a sibling
-- CTE's rows are not seen).
delivered AS (
  SELECT "message_id", "seq", "event", "data" FROM "adi_answer_event", input
   WHERE "message_id" = answer_id AND answer_id IN (SELECT answer_id FROM cut) AND "seq" <= (j->>'lastSeq')::int
  UNION SELECT answer_id, "seq", "event", "data" FROM tail WHERE answer_id IN (SELECT answer_id FROM cut)),
shown AS (${shownTextOf('delivered')}),
added AS (${shownTextOf('events')}),
-- The flushes appended the text of every event they stored, so the text grows by what this statement stores.
-- Only after a stall is it read back from all the delivered events: a subquery in a branch not taken is not run,
-- so the common end costs what its tail does, not what the whole answer does.
answer AS (
  UPDATE "adi_conversation_message" AS m SET
    "remark" = CASE WHEN m."id" IN (SELECT answer_id FROM cut)
                    THEN coalesce((SELECT text FROM shown WHERE "message_id" = m."id"), '')
                    ELSE m."remark" || coalesce((SELECT text FROM added WHERE "message_id" = m."id"), '') END,
    "thinking_content" = CASE WHEN m."id" IN (SELECT answer_id FROM cut)
                              THEN coalesce((SELECT thinking FROM shown WHERE "message_id" = m."id"), '')
                              ELSE m."thinking_content" || coalesce((SELECT thinking FROM added WHERE "message_id" = m."id"), '') END,
    ${ANSWER_COLUMNS}
    FROM input WHERE m."id" = answer_id
  RETURNING m."id", m."uuid"),
${CLOSING_QUESTION_AND_STREAM},
-- The asker's one-answer lock, when it is a row of this database: freed in the transaction that stores the end.
-- Only its own holder's: a spill file stored later frees nothing a newer question holds.
unlocked AS (
  DELETE FROM "adi_ask_lock" USING input
   WHERE "user_id" = (j->>'userId')::bigint AND "holder" = j->>'lockHolder'
  RETURNING 1),
unshown_paragraphs AS (
  DELETE FROM "adi_conversation_message_citation_paragraph" USING input
   WHERE "message_id" = answer_id AND "paragraph_index" > (j->>'lastParagraphIndex')::int
  RETURNING 1),
unshown_citations AS (
  DELETE FROM "adi_conversation_message_citation" USING input
   WHERE "message_id" = answer_id AND "paragraph_index" > (j->>'lastParagraphIndex')::int
  RETURNING 1),
unshown_refs AS (
  DELETE FROM "adi_conversation_message_citation_ref" USING input
   WHERE "message_id" = answer_id AND "citation_id" IN (SELECT jsonb_array_elements_text(j->'unshownRefIds'))
  RETURNING 1),
-- Only the shown paragraphs' verdicts: a verdict on a removed paragraph must not touch (and so keep) its rows.
verdicts AS (
  SELECT answer_id, v.* FROM input, jsonb_to_recordset(j->'verdicts')
    AS v("paragraphIndex" int, "citationId" text, "modelVerdict" text, "modelScore" double precision)
   WHERE v."paragraphIndex" <= (j->>'lastParagraphIndex')::int),
judged AS (
  UPDATE "adi_conversation_message_citation" AS c SET "model_verdict" = v."modelVerdict", "model_score" = v."modelScore"
    FROM input, verdicts AS v
   WHERE c."message_id" = input.answer_id AND v.answer_id = input.answer_id
     AND c."paragraph_index" = v."paragraphIndex" AND c."citation_id" = v."citationId"
  RETURNING 1),
paragraphs AS (
  INSERT INTO "adi_conversation_message_citation_paragraph"
    ("message_id", "paragraph_index", "text", "citation_ids_json", "support_verdict", "is_supported",
     "is_inferred")
  SELECT answer_id, p."paragraphIndex", p."text", p."citationIdsJson", p."verdict", p."supported",
         coalesce(p."inferred", false)
    FROM input, jsonb_to_recordset(j->'paragraphs')
      AS ${PARAGRAPH_RECORD}
   WHERE p."paragraphIndex" <= (j->>'lastParagraphIndex')::int
  ON CONFLICT DO NOTHING
  RETURNING "message_id", "paragraph_index"),
citations AS (
  INSERT INTO "adi_conversation_message_citation"
    ("message_id", "paragraph_index", "citation_id", "display_number", "citation_type", "source_id", "support_score",
     "support_verdict", "support_evidence", "quote_text", "quote_start", "quote_end", "model_verdict", "model_score")
  SELECT input.answer_id, c."paragraphIndex", c."citationId", c."displayNumber", c."citationType", c."sourceId",
         c."supportScore", c."supportVerdict", c."supportEvidence", c."quoteText", c."quoteStart", c."quoteEnd", v."modelVerdict",
         v."modelScore"
    FROM input CROSS JOIN LATERAL jsonb_to_recordset(j->'citations')
      AS ${CITATION_RECORD}
    LEFT JOIN verdicts AS v
      ON v.answer_id = input.answer_id AND v."paragraphIndex" = c."paragraphIndex" AND v."citationId" = c."citationId"
   WHERE (input.answer_id, c."paragraphIndex") IN (SELECT "message_id", "paragraph_index" FROM paragraphs)
  RETURNING 1),
refs AS (
  INSERT INTO "adi_conversation_message_citation_ref"
    ("message_id", "citation_id", "display_number", "citation_type", "source_id", "payload_json")
  SELECT answer_id, r."citationId", r."displayNumber", r."citationType", r."sourceId", r."payloadJson"
    FROM input, jsonb_to_recordset(j->'refs')
      AS ${REF_RECORD}
   WHERE r."citationId" NOT IN (SELECT jsonb_array_elements_text(j->'unshownRefIds'))
  ON CONFLICT DO NOTHING
  RETURNING 1),
${OLD_ANSWER_REFS},
${answerRefInserts('input AS a')}
SELECT "id" AS "answerId", pg_notify('${JOURNAL_CHANNEL}', "uuid") FROM answer`;

/**
 * The end of an answer from a record that carries all of it (its text, every paragraph and citation), in one
 * atomic statement; rows a previous run wrote are replaced, never doubled. Spill files kept before paragraphs
 * were journaled as they were sent hold such records.
 */
export const CLOSE_WHOLE_ANSWER = `
WITH ${closingInput('SELECT $1::jsonb AS j')},
events AS (
  INSERT INTO "adi_answer_event" ("message_id", "seq", "event", "data")
  SELECT answer_id, e."seq", e."event", e."data"
    FROM input, jsonb_to_recordset(j->'events') AS e("seq" int, "event" text, "data" text)
   WHERE e."seq" <= (j->>'lastSeq')::int
  ON CONFLICT DO NOTHING
  RETURNING 1),
${UNDELIVERED_EVENTS},
answer AS (
  UPDATE "adi_conversation_message" SET "remark" = j->>'answerText', "thinking_content" = j->>'thinking', ${ANSWER_COLUMNS}
    FROM input WHERE "id" = answer_id
  RETURNING "id"),
${CLOSING_QUESTION_AND_STREAM},
old_paragraphs AS (DELETE FROM "adi_conversation_message_citation_paragraph" USING input WHERE "message_id" = answer_id RETURNING 1),
old_citations AS (DELETE FROM "adi_conversation_message_citation" USING input WHERE "message_id" = answer_id RETURNING 1),
old_refs AS (DELETE FROM "adi_conversation_message_citation_ref" USING input WHERE "message_id" = answer_id RETURNING 1),
${OLD_ANSWER_REFS},
${CITATION_ROW_INSERTS}
SELECT (SELECT count(*) FROM answer) AS "updated", pg_notify('${JOURNAL_CHANNEL}', (SELECT j->>'answerUuid' FROM input))`;

/**
 * Answers whose writer stopped renewing its lease (the process died): closed as `interrupted`, with the text
 * and the paragraphs stored as they were sent, and counts that say what they hold. While the database was down
 * no writer could renew, and leases that ran out meanwhile belong to living writers too: nothing is taken for
 * abandoned until the database has been up for a lease (`$1`, in milliseconds), in which living writers renew.
 */
export const CLOSE_ABANDONED = `
WITH dead AS (
  DELETE FROM "adi_answer_stream"
   WHERE "lease_expires_at" < now() AND pg_postmaster_start_time() < now() - $1 * interval '1 millisecond'
  RETURNING "message_id"),
kept AS (
  SELECT dead."message_id",
         (SELECT count(*) FROM "adi_conversation_message_citation_paragraph" AS p
           WHERE p."message_id" = dead."message_id") AS paragraphs,
         (SELECT count(*) FROM "adi_conversation_message_citation_paragraph" AS p
           WHERE p."message_id" = dead."message_id" AND p."citation_ids_json" = '[]' AND NOT p."is_inferred") AS uncited,
         (SELECT count(*) FROM "adi_conversation_message_citation_ref" AS r
           WHERE r."message_id" = dead."message_id") AS refs
    FROM dead),
closed AS (
  UPDATE "adi_conversation_message" AS m SET "answer_status" = 'interrupted', "update_time" = now(),
         "citation_mode" = CASE WHEN kept.paragraphs > 0 THEN 'paragraph' ELSE 'answer' END,
         "paragraph_count" = kept.paragraphs, "uncited_paragraph_count" = kept.uncited, "ref_count" = kept.refs
    FROM kept WHERE m."id" = kept."message_id" AND m."answer_status" = 'streaming'
  RETURNING m."uuid")
SELECT "uuid", pg_notify('${JOURNAL_CHANNEL}', "uuid") FROM closed`;
