import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

/** Where counters live: shared by every instance (Redis, a PostgreSQL server), or this process only. */
export type LimiterStore = 'redis' | 'postgres' | 'memory';

export interface LimiterOptions {
  /** Distinguishes one limiter's keys from another's in the shared store. */
  keyPrefix: string;
  /** Points a key may spend per `durationSeconds`. */
  points: number;
  durationSeconds: number;
  /** How long a key that overspent stays refused; 0: until its window ends. */
  blockSeconds?: number;
}

/** Table the PostgreSQL store keeps its counters in; created by a migration. */
export const LIMIT_TABLE = 'adi_rate_limit';

/**
 * Makes `rate-limiter-flexible` limiters on the store the deployment has: Redis when REDIS_URL is set; else the
 * PostgreSQL server; else (the embedded database) memory. Memory is right there because the embedded database
 * belongs to one process, so there is no other instance to share counts with, and a write to PGlite per login
 * attempt would run on the event loop, the very thing a flood of attempts should not get to occupy.
 */
export class LimiterFactory {
  readonly store: LimiterStore;

  constructor(private readonly backends: { redis?: Redis; postgres?: DataSource }) {
    this.store = backends.redis ? 'redis' : backends.postgres ? 'postgres' : 'memory';
  }

  create(options: LimiterOptions): RateLimiterAbstract {
    const common = {
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
      blockDuration: options.blockSeconds ?? 0,
    };
    if (this.backends.redis) return new RateLimiterRedis({ ...common, storeClient: this.backends.redis });
    if (this.backends.postgres) {
      return new RateLimiterPostgres({
        ...common,
        storeClient: this.backends.postgres,
        storeType: 'typeorm',
        tableName: LIMIT_TABLE,
        tableCreated: true,
      });
    }
    return new RateLimiterMemory(common);
  }
}

/**
 * Spends one point of `key`; the seconds to wait when it is refused, else 0. A store failure (Redis down) is
 * thrown, not taken for a refusal.
 */
export async function spend(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
    throw outcome;
  }
}

export const LIMITER_FACTORY = Symbol('LIMITER_FACTORY');
