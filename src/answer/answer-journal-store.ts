import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';
import { StatementGroups } from '../platform/database/statement-groups.js';
import type { AnswerStatus } from '../platform/database/entities/message.entity.js';
import type { CitationVerdict } from '../citation/citation-events.js';
import { safeText } from '../text/safe-text.js';
import type { SseFrame } from '../platform/sse/sse-frames.js';
import { isOneRecordsError, StorageFailedError } from './answer-errors.js';
import {
  APPEND_MANY,
  CLOSE_ABANDONED,
  CLOSE_ANSWERS,
  CLOSE_WHOLE_ANSWER,
  OPEN_ADMITTED_ANSWERS,
  OPEN_ANSWER,
  STOP_CHANNEL,
} from './answer-journal-sql.js';
import {
  answerColumnRows,
  type AnswerColumns,
  type citationRowsOf,
  type paragraphRow,
  type refRow,
} from './citation-columns.js';

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

/** The limits a question's opening statement takes, when they are rows of the answers' database. */
export interface LimitsTaken {
  /** Who the one-answer lock is taken for. */
  holder: string;
  rateKey: string;
  perMinute: number;
  windowMs: number;
}

/** A question to admit, with the limits to take for it. */
type Admission = AnswerOpening & LimitsTaken;

/**
 * What that statement found: whether the lock was free, the question's count in its window (0 when it was not
 * counted), and the answer's rows when it opened.
 */
export interface AdmittedOpening {
  free: boolean;
  points: number;
  answerId?: string;
  questionId?: string;
}

/** The rows of the paragraphs an answer sent: each paragraph, its citations, and the sources first cited in it. */
export interface ParagraphRows {
  paragraphs: ReturnType<typeof paragraphRow>[];
  citations: ReturnType<typeof citationRowsOf>;
  refs: ReturnType<typeof refRow>[];
}

/** Events written, and paragraphs sent (when any), since the previous flush. */
export interface JournalBatch extends Partial<ParagraphRows> {
  events: readonly SseFrame[];
}

/** A batch with the answer it belongs to. */
export interface AnswerBatch extends JournalBatch {
  answerId: string;
  answerUuid: string;
}

/**
 * Everything an answer ends with, besides what its journal already stored. The statement that stores it
 * overwrites, so running it twice is harmless.
 */
export interface AnswerClosing extends ParagraphRows, AnswerColumns {
  answerId: string;
  answerUuid: string;
  questionId: string;
  /** True when the question row was made for this answer (it then gets the call's token count). */
  newQuestion: boolean;
  userId: string;
  status: Exclude<AnswerStatus, 'streaming'>;
  verdicts: readonly CitationVerdict[];
  /** Events not yet stored; events after `lastSeq` (written but never delivered) are removed. */
  events: readonly SseFrame[];
  lastSeq: number;
  /** The asker's one-answer lock, when it is a row of this database: the closing statement frees it. */
  lockHolder?: string;
  /** Paragraphs after this index were sent but never delivered: they are removed (-1: every paragraph). */
  lastParagraphIndex: number;
  /** Sources first cited in those paragraphs: removed too. */
  unshownRefIds: readonly string[];
}

/** A stored event of an answer's stream. */
export interface StoredEvent {
  seq: number;
  event: string | null;
  data: string;
}

/**
 * The answer journal's statements: open an answer before `[START]`, append what is shown, close it in one
 * atomic statement, renew the lease of a live answer, and close the answers of dead writers.
 */
@Injectable()
export class AnswerJournalStore {
  private readonly sql: PoolQuery;
  /**
   * Answers that end while another's end is being stored are stored together: answers that started together end
   * together, and one statement for many costs the database about what it costs for one.
   */
  private readonly closings = new StatementGroups(
    (rows: readonly ClosingRows[]) => this.closeGroup(rows),
    { maxGroup: 32, maxUnderWay: 2 },
    isOneRecordsError,
  );
  /** Questions asked while others are being admitted are admitted together, for the same reason. */
  private readonly admitting = new Set<string>();
  private readonly admissions = new StatementGroups(
    (group: readonly Admission[]) => this.admitGroup(group),
    { maxGroup: 32, maxUnderWay: 2 },
    isOneRecordsError,
  );

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

  /**
   * {@link open} for a question whose limits are rows of this database, taken by the same statement (see
   * `OPEN_ADMITTED_ANSWERS`): the answer opens only when the lock was free, the question within the limit and the
   * lock taken for `holder`.
   */
  async openAdmitted(opening: AnswerOpening, limits: LimitsTaken): Promise<AdmittedOpening> {
    // A second question of a user whose question is being admitted here (a double click) is refused as one whose
    // lock is held, and not counted: in a statement of its own it would find the lock free in its snapshot and be
    // counted before finding it taken, and a statement may change a user's rows only once.
    if (this.admitting.has(opening.userId)) return { free: false, points: 0 };
    this.admitting.add(opening.userId);
    try {
      return await this.admissions.run({ ...opening, ...limits });
    } finally {
      this.admitting.delete(opening.userId);
    }
  }

  /** Whether each question was admitted, in the order given (each of another user, see `openAdmitted`). */
  private async admitGroup(group: readonly Admission[]): Promise<AdmittedOpening[]> {
    // In the order of their users, so that two statements under way at once (here or on another instance) take
    // the users' rows in the same order and cannot deadlock.
    const byUser = [...group].sort((one, other) => compareIds(one.userId, other.userId));
    const opened = await this.admitted(byUser);
    return group.map((admission) => opened[byUser.indexOf(admission)]!);
  }

  private async admitted(group: readonly Admission[]): Promise<AdmittedOpening[]> {
    const now = Date.now();
    const rows = await this.run<{
      free: boolean;
      points: number | null;
      answerId: string | null;
      questionId: string | null;
    }>(
      'answer_open_admitted',
      OPEN_ADMITTED_ANSWERS,
      group.map(({ windowMs, ...admission }) => ({
        ...admission,
        question: safeText(admission.question),
        questionId: admission.questionId ?? null,
        rateExpire: now + windowMs,
      })),
      [now],
    );
    return rows.map((row) => ({
      free: row.free,
      points: row.points ?? 0,
      ...(row.answerId !== null ? { answerId: String(row.answerId), questionId: String(row.questionId) } : {}),
    }));
  }

  /** The batches of many answers, in one statement. */
  async appendMany(batches: readonly AnswerBatch[]): Promise<void> {
    const records: AnswerBatch[] = [];
    for (const batch of batches) {
      // The frames go as they are (`APPEND_MANY` reads their `id` as the seq): no object a frame to make and drop.
      const record: AnswerBatch = { answerId: batch.answerId, answerUuid: batch.answerUuid, events: batch.events };
      // Most batches send no paragraph: their keys are left out rather than sent empty.
      if (batch.paragraphs?.length) {
        record.paragraphs = batch.paragraphs;
        record.citations = batch.citations;
      }
      if (batch.refs?.length) record.refs = batch.refs;
      records.push(record);
    }
    await this.run('answer_append_many', APPEND_MANY, records);
  }

  async close(closing: AnswerClosing): Promise<void> {
    await this.closeRows(closingRows(closing));
  }

  /**
   * {@link close} from rows kept in a spill file. A file that carries the whole answer (its text and every
   * paragraph) was kept before paragraphs were journaled as they were sent, and is stored as such.
   */
  async closeRows(rows: ClosingRows | WholeAnswerRows): Promise<void> {
    const closed =
      'answerText' in rows
        ? Number((await this.run<{ updated: string }>('answer_close_whole', CLOSE_WHOLE_ANSWER, rows))[0]?.updated) > 0
        : await this.closings.run(rows);
    if (!closed) throw new StorageFailedError(new Error(`answer ${rows.answerUuid} is not in this database`));
  }

  /** Whether each answer was closed, in the order given. */
  private async closeGroup(group: readonly ClosingRows[]): Promise<boolean[]> {
    // The renewals of leases and locks skip the rows a closing holds: the order the group locks them in is free.
    const closed = await this.run<{ answerId: string }>('answer_close', CLOSE_ANSWERS, group);
    const ids = new Set(closed.map((row) => String(row.answerId)));
    return group.map((rows) => ids.has(rows.answerId));
  }

  /** Extends the leases of many answers at once; resolves with the ids of those someone asked to stop. */
  async renewMany(answerIds: readonly string[], leaseMs: number): Promise<Set<string>> {
    if (answerIds.length === 0) return new Set();
    const rows = await this.sql.rows<{ id: string }>(
      // A lease whose row is locked is being closed (or stopped): it is skipped, not waited for, so that the
      // renewal cannot deadlock with a closing that holds several answers' rows in another order.
      `UPDATE "adi_answer_stream" SET "lease_expires_at" = now() + $2 * interval '1 millisecond'
        WHERE "message_id" IN (SELECT "message_id" FROM "adi_answer_stream"
                                WHERE "message_id" = ANY($1::bigint[]) FOR UPDATE SKIP LOCKED)
       RETURNING "message_id" AS "id", "stop_requested" AS "stop"`,
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

  /** Closes the answers whose lease ran out (see `CLOSE_ABANDONED`); `leaseMs` is the length of a lease. */
  async closeAbandoned(leaseMs: number): Promise<string[]> {
    const rows = await this.sql.rows<{ uuid: string }>(CLOSE_ABANDONED, [leaseMs]);
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
  private async run<T extends object>(
    name: string,
    text: string,
    input: unknown,
    more: readonly unknown[] = [],
  ): Promise<T[]> {
    try {
      return await this.sql.rows<T>(text, [JSON.stringify(input), ...more], name);
    } catch (error) {
      throw new StorageFailedError(error);
    }
  }
}

function eventRow(frame: SseFrame) {
  return { seq: frame.id, event: frame.event ?? null, data: frame.data };
}

/** The closing as the rows of {@link CLOSE_ANSWERS}, one record of its array. */
export function closingRows(closing: AnswerClosing) {
  return {
    answerId: closing.answerId,
    answerUuid: closing.answerUuid,
    questionId: closing.questionId,
    newQuestion: closing.newQuestion,
    userId: closing.userId,
    ...answerColumnRows(closing),
    events: closing.events.map(eventRow),
    lastSeq: closing.lastSeq,
    paragraphs: closing.paragraphs,
    citations: closing.citations,
    refs: closing.refs,
    lastParagraphIndex: closing.lastParagraphIndex,
    unshownRefIds: closing.unshownRefIds,
    lockHolder: closing.lockHolder ?? null,
    verdicts: closing.verdicts.flatMap((judged) =>
      judged.verdicts.map((verdict) => ({
        paragraphIndex: judged.paragraphIndex,
        citationId: verdict.citationId,
        modelVerdict: verdict.verdict,
        modelScore: verdict.score,
      })),
    ),
  };
}

type ClosingRows = ReturnType<typeof closingRows>;
/** A spill file's record that carries the whole answer; see {@link CLOSE_WHOLE_ANSWER}. */
type WholeAnswerRows = Record<string, unknown> & { answerUuid: string; answerText: string };

/** Numeric ids in numeric order. */
function compareIds(one: string, other: string): number {
  return one.length - other.length || (one < other ? -1 : one > other ? 1 : 0);
}
