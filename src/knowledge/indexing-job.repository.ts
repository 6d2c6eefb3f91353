import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import type { IndexType } from './knowledge.repository.js';

/** `vectors`: the vectors of an item already chunked, made again for the configured EMBEDDING_MODEL. */
export type JobKind = IndexType | 'vectors';

/** What `indexing/check` tells beside its legacy `data`: the user's jobs still under way and their chunks. */
export interface IndexingProgress {
  pendingJobs: number;
  chunksEmbedded: number;
  chunksToEmbed: number;
}

/** A job as a worker claimed it. */
export interface ClaimedJob {
  id: string;
  itemUuid: string;
  kbUuid: string;
  userId: string;
  kind: JobKind;
  /** Counting this claim: above 1, earlier workers stopped (died) while on it. */
  attempts: number;
}

/** The indexing jobs table: any instance enqueues, any instance claims, `FOR UPDATE SKIP LOCKED` keeps claims apart. */
@Injectable()
export class IndexingJobRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async enqueue(userId: string, kbUuid: string, itemUuids: readonly string[], kinds: readonly JobKind[]) {
    const rows = itemUuids.flatMap((itemUuid) => kinds.map((kind) => ({ itemUuid, kind })));
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO "adi_indexing_job" ("item_uuid", "kb_uuid", "user_id", "kind")
       SELECT item, $2, $3, kind FROM unnest($1::varchar[], $4::varchar[]) AS job(item, kind)`,
      [rows.map((row) => row.itemUuid), kbUuid, userId, rows.map((row) => row.kind)],
    );
  }

  /**
   * Claims the oldest queued job, or a running one whose worker stopped sending heartbeats for `staleAfterMs`
   * (its process died). Undefined when there is none.
   */
  async claim(worker: string, staleAfterMs: number): Promise<ClaimedJob | undefined> {
    const rows: ClaimedJob[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE "adi_indexing_job" SET "status" = 'running', "claimed_by" = $1, "heartbeat_at" = now(),
                "attempts" = "attempts" + 1, "update_time" = now()
          WHERE "id" = (
            SELECT "id" FROM "adi_indexing_job"
             WHERE "status" = 'queued'
                OR ("status" = 'running' AND "heartbeat_at" < now() - $2 * interval '1 millisecond')
             ORDER BY "id" LIMIT 1
             FOR UPDATE SKIP LOCKED)
         RETURNING "id", "item_uuid", "kb_uuid", "user_id", "kind", "attempts")
       SELECT "id", "item_uuid" AS "itemUuid", "kb_uuid" AS "kbUuid", "user_id" AS "userId", "kind", "attempts"
         FROM claimed`,
      [worker, staleAfterMs],
    );
    const [job] = rows;
    return job ? { ...job, id: String(job.id), userId: String(job.userId), attempts: Number(job.attempts) } : undefined;
  }

  async heartbeat(id: string, worker: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "adi_indexing_job" SET "heartbeat_at" = now() WHERE "id" = $1 AND "claimed_by" = $2`,
      [id, worker],
    );
  }

  /** How many of the job's chunks have vectors: shown by `indexing/check` while the job runs. */
  async progress(id: string, done: number, total: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "adi_indexing_job" SET "progress_done" = $2, "progress_total" = $3, "update_time" = now() WHERE "id" = $1`,
      [id, done, total],
    );
  }

  async pendingProgress(userId: string): Promise<IndexingProgress> {
    const [row] = await this.dataSource.query<[{ jobs: string; done: string; total: string }]>(
      `SELECT count(*) AS "jobs", coalesce(sum("progress_done"), 0) AS "done", coalesce(sum("progress_total"), 0) AS "total"
         FROM "adi_indexing_job" WHERE "user_id" = $1 AND "status" IN ('queued', 'running')`,
      [userId],
    );
    return { pendingJobs: Number(row.jobs), chunksEmbedded: Number(row.done), chunksToEmbed: Number(row.total) };
  }

  async finish(id: string, outcome: 'done' | 'failed', error = ''): Promise<void> {
    await this.dataSource.query(
      `UPDATE "adi_indexing_job" SET "status" = $2, "error" = $3, "update_time" = now() WHERE "id" = $1`,
      [id, outcome, error.slice(0, 500)],
    );
  }

  /** Running jobs claimed by processes of this host (`host:pid`), to check whether those processes still live. */
  async runningOnHost(host: string): Promise<{ id: string; claimedBy: string }[]> {
    const rows: { id: string; claimedBy: string }[] = await this.dataSource.query(
      `SELECT "id", "claimed_by" AS "claimedBy" FROM "adi_indexing_job"
        WHERE "status" = 'running' AND starts_with("claimed_by", $1)`,
      [`${host}:`],
    );
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  /** Puts a job whose worker is known to be dead back in the queue at once. */
  async requeue(id: string, deadWorker: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "adi_indexing_job" SET "status" = 'queued', "update_time" = now()
        WHERE "id" = $1 AND "status" = 'running' AND "claimed_by" = $2`,
      [id, deadWorker],
    );
  }

  /** Whether any job the user asked for is still queued or running: what `indexing/check` answers. */
  async hasPending(userId: string): Promise<boolean> {
    const [row] = await this.dataSource.query<[{ pending: boolean }]>(
      `SELECT EXISTS (SELECT 1 FROM "adi_indexing_job" WHERE "user_id" = $1 AND "status" IN ('queued', 'running'))
         AS "pending"`,
      [userId],
    );
    return row.pending;
  }

  /** Forgets finished jobs older than a day: the items keep their status and error. */
  async prune(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM "adi_indexing_job" WHERE "status" IN ('done', 'failed') AND "update_time" < now() - interval '1 day'`,
    );
  }
}
