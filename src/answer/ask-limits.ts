import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { newUuid } from '../platform/common/ids.js';
import { spend, type LimiterFactory } from '../platform/common/rate-limiter.js';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';

/** A user's one-answer lock, held on a lease: renew it while the answer streams, release it at the end. */
export interface AnswerLock {
  readonly userId: string;
  /** Who holds it: a value of its own, so that only this holder renews or releases it. */
  readonly holder: string;
  /**
   * True when the lock is a row of the answers' own database: the statement that stores an answer's end can free
   * it in the same transaction (see `freed`), one statement fewer per question.
   */
  readonly freedWithAnswer: boolean;
  /** Frees the lock; a second call does nothing. */
  release(): Promise<void>;
  /** Tells the lock that the answer's closing statement freed it: `release` then does nothing. */
  freed(): void;
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
  /** Counts one question; false when the user is at the limit for this minute. */
  allow(userId: string): Promise<boolean>;
  /** Extends the leases of many locks at once; resolves with the holders that still hold theirs. */
  renewMany(locks: readonly AnswerLock[], leaseMs: number): Promise<Set<string>>;
  /**
   * Set when the lock and the per-minute count are both rows of the answers' database: the statement that opens
   * an answer then takes them itself, and a question makes one statement for the three.
   */
  readonly rows?: LimitRows;
}

/** What the statement that opens an answer needs to take the limits kept as rows of its database. */
export interface LimitRows {
  /** The per-minute limiter's key for a user, as the limiter itself names it. */
  rateKey(userId: string): string;
  readonly perMinute: number;
  /** The length of the limiter's window. */
  readonly windowMs: number;
  /** A lock that statement took, as its holder sees it. */
  lock(userId: string, holder: string): AnswerLock;
}

export const ASK_LIMITS = Symbol('ASK_LIMITS');

/**
 * The per-minute count lives in a `rate-limiter-flexible` limiter on the deployment's shared store (see
 * {@link LimiterFactory}); a question refused by it is counted too, which changes nothing within its minute.
 */
export function askRateLimiter(factory: LimiterFactory, perMinute: number): RateLimiterAbstract {
  return factory.create({ keyPrefix: 'ask', points: perMinute, durationSeconds: 60 });
}

export class PgAskLimits implements AskLimits {
  private readonly sql: PoolQuery;
  readonly rows?: LimitRows;

  constructor(
    dataSource: DataSource,
    private readonly rate: RateLimiterAbstract,
  ) {
    this.sql = poolQuery(dataSource);
    // The count is a row only on the PostgreSQL server; on the embedded database it is kept in memory.
    if (rate instanceof RateLimiterPostgres) {
      this.rows = {
        rateKey: (userId) => rate.getKey(userId),
        perMinute: rate.points,
        windowMs: rate.duration * 1000,
        lock: (userId, holder) => this.lockOf(userId, holder),
      };
    }
  }

  async acquire(userId: string, leaseMs: number): Promise<AnswerLock | undefined> {
    const holder = newUuid();
    const rows = await this.sql.rows(
      `INSERT INTO "adi_ask_lock" ("user_id", "holder", "expires_at") VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT ("user_id") DO UPDATE SET "holder" = EXCLUDED."holder", "expires_at" = EXCLUDED."expires_at"
       WHERE "adi_ask_lock"."expires_at" < now()
       RETURNING "holder"`,
      [userId, holder, leaseMs],
      'ask_lock_acquire',
    );
    return rows.length === 0 ? undefined : this.lockOf(userId, holder);
  }

  private lockOf(userId: string, holder: string): AnswerLock {
    return heldLock(
      userId,
      holder,
      () =>
        this.sql.rows(
          `DELETE FROM "adi_ask_lock" WHERE "user_id" = $1 AND "holder" = $2`,
          [userId, holder],
          'ask_lock_release',
        ),
      true,
    );
  }

  async allow(userId: string): Promise<boolean> {
    return (await spend(this.rate, userId)) === 0;
  }

  async renewMany(locks: readonly AnswerLock[], leaseMs: number): Promise<Set<string>> {
    if (locks.length === 0) return new Set();
    const rows = await this.sql.rows<{ holder: string }>(
      // A lock whose row is locked is being freed with its answer's end: it is skipped, not waited for, so that the
      // renewal cannot deadlock with a closing that frees several users' locks in another order.
      `UPDATE "adi_ask_lock" AS l SET "expires_at" = now() + $3 * interval '1 millisecond'
         FROM unnest($1::bigint[], $2::varchar[]) AS held("user_id", "holder")
        WHERE l."user_id" = held."user_id" AND l."holder" = held."holder"
          AND l."user_id" IN (SELECT "user_id" FROM "adi_ask_lock" WHERE "user_id" = ANY($1::bigint[])
                                 FOR UPDATE SKIP LOCKED)
       RETURNING l."holder"`,
      [locks.map((lock) => lock.userId), locks.map((lock) => lock.holder), leaseMs],
      'ask_lock_renew_many',
    );
    return new Set(rows.map((row) => row.holder));
  }
}

export class RedisAskLimits implements AskLimits {
  constructor(
    private readonly redis: Redis,
    private readonly rate: RateLimiterAbstract,
  ) {}
  async acquire(userId: string, leaseMs: number): Promise<AnswerLock | undefined> {
    const key = `ask:lock:${userId}`;
    const holder = newUuid();
    if ((await this.redis.set(key, holder, 'PX', leaseMs, 'NX')) !== 'OK') return undefined;
    // Renew and delete only our own lock: compare and act in one step.
    return heldLock(
      userId,
      holder,
      () =>
        this.redis.eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
          1,
          key,
          holder,
        ),
      false,
    );
  }

  async allow(userId: string): Promise<boolean> {
    return (await spend(this.rate, userId)) === 0;
  }

  async renewMany(locks: readonly AnswerLock[], leaseMs: number): Promise<Set<string>> {
    if (locks.length === 0) return new Set();
    // One round trip: the commands of a pipeline go out in one write.
    const pipeline = this.redis.pipeline();
    for (const lock of locks) pipeline.eval(RENEW_OWN, 1, `ask:lock:${lock.userId}`, lock.holder, leaseMs);
    const results = (await pipeline.exec()) ?? [];
    return new Set(
      locks.filter((_, i) => results[i]?.[0] === null && results[i]?.[1] === 1).map((lock) => lock.holder),
    );
  }
}

/** A lock as its holder sees it: releasing it runs `free` once, however often it is called, and not once freed. */
function heldLock(userId: string, holder: string, free: () => Promise<unknown>, freedWithAnswer: boolean): AnswerLock {
  let released: Promise<void> | undefined;
  return {
    userId,
    holder,
    freedWithAnswer,
    release: () => (released ??= free().then(() => undefined)),
    freed: () => void (released ??= Promise.resolve()),
  };
}

/** Extends a lock's time to live when it is still this holder's. */
const RENEW_OWN =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
