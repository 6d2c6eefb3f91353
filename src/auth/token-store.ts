import type { Redis } from 'ioredis';
import { LessThan, type DataSource } from 'typeorm';
import { UserTokenEntity } from '../database/entities/index.js';
import { poolQuery } from '../database/pool-query.js';
import { newUuid } from '../common/ids.js';

/** Login tokens: a dashless UUID handed to the client, mapped to a user until it expires. */
export interface TokenStore {
  issue(userId: string): Promise<string>;
  /** The user id the token belongs to, or undefined when it is unknown or expired. */
  resolve(token: string): Promise<string | undefined>;
}

export const TOKEN_STORE = Symbol('TOKEN_STORE');

/** How long a resolved token is trusted without asking the database again; never past the token's expiry. */
const RESOLVED_CACHE_MS = 30_000;
const RESOLVED_CACHE_SIZE = 10_000;

/**
 * Tokens in PostgreSQL. A token, once issued, changes only by expiring, so a resolved one is kept in memory for
 * a short while (up to its expiry, which is checked on every use): a client's burst of requests costs one query.
 * Unknown tokens are not kept, so guessing cannot fill the cache.
 */
export class PgTokenStore implements TokenStore {
  private readonly resolved = new Map<string, { userId: string; expiresAt: number; checkedAt: number }>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs: number,
  ) {}

  async issue(userId: string): Promise<string> {
    const token = newUuid();
    const tokens = this.dataSource.getRepository(UserTokenEntity);
    await tokens.delete({ expiresAt: LessThan(new Date()) });
    await tokens.insert({ token, userId, expiresAt: new Date(Date.now() + this.ttlMs) });
    return token;
  }

  async resolve(token: string): Promise<string | undefined> {
    const now = Date.now();
    const known = this.resolved.get(token);
    if (known && now - known.checkedAt < RESOLVED_CACHE_MS) return known.expiresAt > now ? known.userId : undefined;
    const [row] = await poolQuery(this.dataSource).rows<{ userId: string | number; expiresAt: Date }>(
      `SELECT "user_id" AS "userId", "expires_at" AS "expiresAt" FROM "adi_user_token" WHERE "token" = $1`,
      [token],
      'token_resolve',
    );
    this.resolved.delete(token);
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    const userId = String(row.userId);
    if (this.resolved.size >= RESOLVED_CACHE_SIZE) this.resolved.delete(this.resolved.keys().next().value!);
    this.resolved.set(token, { userId, expiresAt: new Date(row.expiresAt).getTime(), checkedAt: now });
    return userId;
  }
}

/** As the legacy server does: `user:token:{token}` with a time to live. */
export class RedisTokenStore implements TokenStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
  ) {}

  async issue(userId: string): Promise<string> {
    const token = newUuid();
    await this.redis.set(`user:token:${token}`, userId, 'PX', this.ttlMs);
    return token;
  }

  async resolve(token: string): Promise<string | undefined> {
    return (await this.redis.get(`user:token:${token}`)) ?? undefined;
  }
}
