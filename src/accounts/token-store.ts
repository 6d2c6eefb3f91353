import { EventEmitter } from 'node:events';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ChainableCommander, Redis } from 'ioredis';
import { LessThan, type DataSource } from 'typeorm';
import { UserTokenEntity } from '../platform/database/entities/index.js';
import { poolQuery } from '../platform/database/pool-query.js';
import { newUuid } from '../platform/common/ids.js';
import { currentUserOf, type CurrentUser } from './current-user.js';
import { TOKEN_REVOKED_CHANNEL, TokenRevocationFeed } from './token-revocation-feed.js';
import type { UserRepository } from './user.repository.js';

/** Login tokens: a dashless UUID handed to the client, mapped to a user until it expires or is revoked. */
export interface TokenStore {
  issue(userId: string): Promise<string>;
  /** The user id the token belongs to, or undefined when it is unknown, expired or revoked. */
  resolve(token: string): Promise<string | undefined>;
  /** The token's user as a request sees them; undefined as for `resolve`, and when the user is deleted. */
  resolveUser(token: string): Promise<CurrentUser | undefined>;
  /** Ends one login, on every instance. */
  revoke(token: string): Promise<void>;
  /** Ends every login of the user but `keep`, on every instance. */
  revokeAllBut(userId: string, keep: string): Promise<void>;
}

export const TOKEN_STORE = Symbol('TOKEN_STORE');

/** How long a resolved token is trusted without asking the database again; never past the token's expiry. */
const RESOLVED_CACHE_MS = 30_000;
const RESOLVED_CACHE_SIZE = 10_000;

/** A token with its user, in one statement: every authenticated request needs both. */
const RESOLVE_USER = `SELECT t."expires_at" AS "expiresAt", u."id", u."uuid", u."name", u."email", u."is_admin" AS "isAdmin"
  FROM "adi_user_token" AS t JOIN "adi_user" AS u ON u."id" = t."user_id" AND NOT u."is_deleted"
 WHERE t."token" = $1`;

const REVOKE_ONE = `WITH gone AS (DELETE FROM "adi_user_token" WHERE "token" = $1 RETURNING "user_id")
SELECT pg_notify('${TOKEN_REVOKED_CHANNEL}', "user_id"::text) FROM (SELECT DISTINCT "user_id" FROM gone) AS revoked`;
const REVOKE_ALL_BUT = `WITH gone AS (DELETE FROM "adi_user_token" WHERE "user_id" = $1 AND "token" <> $2 RETURNING "user_id")
SELECT pg_notify('${TOKEN_REVOKED_CHANNEL}', "user_id"::text) FROM (SELECT DISTINCT "user_id" FROM gone) AS revoked`;

/**
 * Tokens in PostgreSQL. A resolved token is kept in memory with its user for a short while (up to the token's
 * expiry, which is checked on every use): a client's burst of requests costs one query, and a question none for
 * its caller. Unknown tokens are not kept, so guessing cannot fill the cache. A revocation, made by any instance,
 * is announced with NOTIFY in the statement that deletes the tokens, and a change to a user's row (by any
 * instance, or by hand) by a trigger of the user table (migration `1796900000000-user-change-notice`); every
 * instance drops the user's cached tokens when it hears either. While an instance cannot hear (its listener is
 * reconnecting), it asks the database every time.
 */
export class PgTokenStore implements TokenStore, OnModuleInit, OnApplicationShutdown {
  /** Emits `forgotten` (user id, or undefined for everyone) when a revocation reached this instance's cache. */
  readonly events = new EventEmitter();
  private readonly resolved = new Map<string, { user: CurrentUser; expiresAt: number; checkedAt: number }>();
  /** Counts revocations heard: a look-up that a revocation overtook does not cache what it read. */
  private revocations = 0;
  private readonly feed: TokenRevocationFeed | undefined;

  /** `listenUrl`: the PostgreSQL server other instances share; without it (the embedded database), none can. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs: number,
    listenUrl: string | undefined,
  ) {
    this.feed = listenUrl
      ? new TokenRevocationFeed(
          listenUrl,
          (userId) => this.forgetUser(userId),
          () => this.forgetAll(),
        )
      : undefined;
  }

  async onModuleInit(): Promise<void> {
    await this.feed?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed?.stop();
  }

  async issue(userId: string): Promise<string> {
    const token = newUuid();
    const tokens = this.dataSource.getRepository(UserTokenEntity);
    await tokens.delete({ expiresAt: LessThan(new Date()) });
    await tokens.insert({ token, userId, expiresAt: new Date(Date.now() + this.ttlMs) });
    return token;
  }

  async resolve(token: string): Promise<string | undefined> {
    return (await this.resolveUser(token))?.id;
  }

  async resolveUser(token: string): Promise<CurrentUser | undefined> {
    const now = Date.now();
    const known = this.resolved.get(token);
    const trusted = this.feed === undefined || this.feed.live;
    if (known && trusted && now - known.checkedAt < RESOLVED_CACHE_MS) {
      return known.expiresAt > now ? known.user : undefined;
    }
    const revocationsBefore = this.revocations;
    const [row] = await poolQuery(this.dataSource).rows<{
      expiresAt: Date;
      id: string | number;
      uuid: string;
      name: string;
      email: string;
      isAdmin: boolean;
    }>(RESOLVE_USER, [token], 'token_resolve_user');
    this.resolved.delete(token);
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    // PostgreSQL's driver gives a bigint as a string, PGlite's may give a number.
    const user = currentUserOf({ ...row, id: String(row.id) });
    if (this.revocations !== revocationsBefore) return user;
    if (this.resolved.size >= RESOLVED_CACHE_SIZE) this.resolved.delete(this.resolved.keys().next().value!);
    this.resolved.set(token, { user, expiresAt: new Date(row.expiresAt).getTime(), checkedAt: now });
    return user;
  }

  async revoke(token: string): Promise<void> {
    const [row] = await poolQuery(this.dataSource).rows<{ userId: string }>(REVOKE_ONE, [token]);
    // This instance need not wait for its own notification.
    this.resolved.delete(token);
    if (row) this.forgetUser(String(row.userId));
  }

  async revokeAllBut(userId: string, keep: string): Promise<void> {
    await poolQuery(this.dataSource).rows(REVOKE_ALL_BUT, [userId, keep]);
    this.forgetUser(userId);
  }

  private forgetUser(userId: string): void {
    this.revocations++;
    for (const [token, entry] of this.resolved) if (entry.user.id === userId) this.resolved.delete(token);
    this.events.emit('forgotten', userId);
  }

  private forgetAll(): void {
    this.revocations++;
    this.resolved.clear();
    this.events.emit('forgotten', undefined);
  }
}

/**
 * As the legacy server does: `user:token:{token}` with a time to live, read on every request (no cache, so a
 * revocation reaches every instance at once). `user:tokens:{userId}` lists a user's tokens, scored by expiry, so
 * that they can all be ended together.
 */
export class RedisTokenStore implements TokenStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
    private readonly users: UserRepository,
  ) {}

  async issue(userId: string): Promise<string> {
    const token = newUuid();
    const now = Date.now();
    const list = `user:tokens:${userId}`;
    await execAll(
      this.redis
        .multi()
        .set(`user:token:${token}`, userId, 'PX', this.ttlMs)
        .zremrangebyscore(list, '-inf', now)
        .zadd(list, now + this.ttlMs, token)
        .pexpire(list, this.ttlMs),
    );
    return token;
  }

  async resolve(token: string): Promise<string | undefined> {
    return (await this.redis.get(`user:token:${token}`)) ?? undefined;
  }

  async resolveUser(token: string): Promise<CurrentUser | undefined> {
    const userId = await this.resolve(token);
    const user = userId === undefined ? null : await this.users.findById(userId);
    return user ? currentUserOf(user) : undefined;
  }

  async revoke(token: string): Promise<void> {
    const userId = await this.redis.getdel(`user:token:${token}`);
    if (userId !== null) await this.redis.zrem(`user:tokens:${userId}`, token);
  }

  async revokeAllBut(userId: string, keep: string): Promise<void> {
    const list = `user:tokens:${userId}`;
    const others = (await this.redis.zrange(list, 0, -1)).filter((token) => token !== keep);
    if (others.length === 0) return;
    await execAll(
      this.redis
        .multi()
        .del(...others.map((token) => `user:token:${token}`))
        .zrem(list, ...others),
    );
  }
}

/** Runs a transaction; a command that failed inside it fails the call, as a lone command would. */
async function execAll(transaction: ChainableCommander): Promise<void> {
  const results = await transaction.exec();
  const failed = results?.find(([error]) => error !== null);
  if (failed) throw failed[0]!;
}
