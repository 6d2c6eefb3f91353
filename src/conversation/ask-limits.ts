import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { newUuid } from '../common/ids.js';

/** A user's one-answer lock, held on a lease: renew it while the answer streams, release it at the end. */
export interface AnswerLock {
  /** Extends the lease; false when the lock was lost (it expired and someone else took it). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Per-user limits of the ask endpoint, kept where every instance behind a load balancer sees them: one answer
 * in flight at a time, and a number of questions per minute.
 */
export interface AskLimits {
  /**
   * The lock, or undefined when the user already has an answer in flight. The lock lives `leaseMs` unless
   * renewed, so the lock of a holder that died frees within that time.
   */
  acquire(userId: string, leaseMs: number): Promise<AnswerLock | undefined>;
  /** Counts one question; false (and not counted) when the user is at the limit for this minute. */
  allow(userId: string): Promise<boolean>;
}

export const ASK_LIMITS = Symbol('ASK_LIMITS');

const WINDOW_MS = 60_000;

export class PgAskLimits implements AskLimits {
  constructor(
    private readonly dataSource: DataSource,
    private readonly perMinute: number,
  ) {}

  async acquire(userId: string, leaseMs: number): Promise<AnswerLock | undefined> {
    const holder = newUuid();
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT ("user_id") DO UPDATE SET "holder" = EXCLUDED."holder", "expires_at" = EXCLUDED."expires_at"
       WHERE "adi_ask_lock"."expires_at" < now()
       RETURNING "holder"`,
      [userId, holder, leaseMs],
    );
    if (rows.length === 0) return undefined;
    return {
      renew: async () => {
        const renewed: unknown[] = await this.dataSource.query(
          `WITH renewed AS (
             UPDATE "adi_ask_lock" SET "expires_at" = now() + $3 * interval '1 millisecond'
              WHERE "user_id" = $1 AND "holder" = $2 RETURNING 1)
           SELECT 1 FROM renewed`,
          [userId, holder, leaseMs],
        );
        return renewed.length > 0;
      },
      release: async () => {
        await this.dataSource.query(`DELETE FROM "adi_ask_lock" WHERE "user_id" = $1 AND "holder" = $2`, [
          userId,
          holder,
        ]);
      },
    };
  }

  async allow(userId: string): Promise<boolean> {
    const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS);
    // A refused question is not counted: the count only grows while it is under the limit.
    const rows: { count: number }[] = await this.dataSource.query(
      `INSERT INTO "adi_ask_rate" ("user_id", "window_start", "count") VALUES ($1, $2, 1)
       ON CONFLICT ("user_id", "window_start") DO UPDATE SET "count" = "adi_ask_rate"."count" + 1
       WHERE "adi_ask_rate"."count" < $3
       RETURNING "count"`,
      [userId, windowStart, this.perMinute],
    );
    if (Math.random() < 0.01) {
      await this.dataSource.query(`DELETE FROM "adi_ask_rate" WHERE "window_start" < $1`, [windowStart]);
    }
    return rows.length > 0 && Number(rows[0]!.count) <= this.perMinute;
  }
}

export class RedisAskLimits implements AskLimits {
  constructor(
    private readonly redis: Redis,
    private readonly perMinute: number,
  ) {}

  async acquire(userId: string, leaseMs: number): Promise<AnswerLock | undefined> {
    const key = `ask:lock:${userId}`;
    const holder = randomUUID();
    if ((await this.redis.set(key, holder, 'PX', leaseMs, 'NX')) !== 'OK') return undefined;
    // Renew and delete only our own lock: compare and act in one step.
    return {
      renew: async () =>
        (await this.redis.eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end",
          1,
          key,
          holder,
          leaseMs,
        )) === 1,
      release: async () => {
        await this.redis.eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
          1,
          key,
          holder,
        );
      },
    };
  }

  async allow(userId: string): Promise<boolean> {
    const key = `ask:rate:${userId}:${Math.floor(Date.now() / WINDOW_MS)}`;
    // A refused question is not counted: the count only grows while it is under the limit.
    const counted = await this.redis.eval(
      "local n = tonumber(redis.call('get', KEYS[1]) or '0') if n >= tonumber(ARGV[1]) then return 0 end redis.call('incr', KEYS[1]) redis.call('pexpire', KEYS[1], ARGV[2]) return 1",
      1,
      key,
      this.perMinute,
      WINDOW_MS * 2,
    );
    return counted === 1;
  }
}
