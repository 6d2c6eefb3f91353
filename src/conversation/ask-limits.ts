import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { newUuid } from '../common/ids.js';

/**
 * Per-user limits of the ask endpoint, kept where every instance behind a load balancer sees them: one answer
 * in flight at a time, and a number of questions per minute.
 */
export interface AskLimits {
  /** The release function, or undefined when the user already has an answer in flight. */
  acquire(userId: string): Promise<(() => Promise<void>) | undefined>;
  /** Counts one question; false when the user is over the limit for this minute. */
  allow(userId: string): Promise<boolean>;
}

export const ASK_LIMITS = Symbol('ASK_LIMITS');

/** A lock outlives a crashed holder by at most this long. */
const LOCK_TTL_MS = 10 * 60_000;
const WINDOW_MS = 60_000;

export class PgAskLimits implements AskLimits {
  constructor(
    private readonly dataSource: DataSource,
    private readonly perMinute: number,
  ) {}

  async acquire(userId: string): Promise<(() => Promise<void>) | undefined> {
    const holder = newUuid();
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT ("user_id") DO UPDATE SET "holder" = EXCLUDED."holder", "expires_at" = EXCLUDED."expires_at"
       WHERE "adi_ask_lock"."expires_at" < now()
       RETURNING "holder"`,
      [userId, holder, LOCK_TTL_MS],
    );
    if (rows.length === 0) return undefined;
    return async () => {
      await this.dataSource.query(`DELETE FROM "adi_ask_lock" WHERE "user_id" = $1 AND "holder" = $2`, [
        userId,
        holder,
      ]);
    };
  }

  async allow(userId: string): Promise<boolean> {
    const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS);
    const rows: { count: number }[] = await this.dataSource.query(
      `INSERT INTO "adi_ask_rate" ("user_id", "window_start", "count") VALUES ($1, $2, 1)
       ON CONFLICT ("user_id", "window_start") DO UPDATE SET "count" = "adi_ask_rate"."count" + 1
       RETURNING "count"`,
      [userId, windowStart],
    );
    if (Math.random() < 0.01) {
      await this.dataSource.query(`DELETE FROM "adi_ask_rate" WHERE "window_start" < $1`, [windowStart]);
    }
    return Number(rows[0]?.count ?? 0) <= this.perMinute;
  }
}

export class RedisAskLimits implements AskLimits {
  constructor(
    private readonly redis: Redis,
    private readonly perMinute: number,
  ) {}

  async acquire(userId: string): Promise<(() => Promise<void>) | undefined> {
    const key = `ask:lock:${userId}`;
    const holder = randomUUID();
    if ((await this.redis.set(key, holder, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') return undefined;
    return async () => {
      // Delete only our own lock: compare and delete in one step.
      await this.redis.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
        1,
        key,
        holder,
      );
    };
  }

  async allow(userId: string): Promise<boolean> {
    const key = `ask:rate:${userId}:${Math.floor(Date.now() / WINDOW_MS)}`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .pexpire(key, WINDOW_MS * 2)
      .exec()) as [[null, number]];
    return count <= this.perMinute;
  }
}
