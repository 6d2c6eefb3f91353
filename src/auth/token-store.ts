import { EventEmitter } from 'node:events';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LessThan, type DataSource } from 'typeorm';
import { UserTokenEntity } from '../database/entities/index.js';
import { PgChannelListener } from '../database/pg-channel-listener.js';
import { poolQuery } from '../database/pool-query.js';
import { newUuid } from '../common/ids.js';

/** Login tokens: a dashless UUID handed to the client, mapped to a user until it expires or is revoked. */
export interface TokenStore {
  issue(userId: string): Promise<string>;
  /** The user id the token belongs to, or undefined when it is unknown, expired or revoked. */
  resolve(token: string): Promise<string | undefined>;
  /** Ends the token on every instance: once this resolves, no instance accepts it. */
  revoke(token: string): Promise<void>;
}

export const TOKEN_STORE = Symbol('TOKEN_STORE');

/** How long a resolved token is trusted without asking the database again; never past the token's expiry. */
const RESOLVED_CACHE_MS = 30_000;
const RESOLVED_CACHE_SIZE = 10_000;
/** Carries a revoked token to every instance that shares the database, so each drops it from its cache. */
export const TOKEN_REVOKED_CHANNEL = 'user_token_revoked';

/**
 * Tokens in PostgreSQL. A resolved token is kept in memory for a short while (up to its expiry, which is checked
 * on every use), so that a client's burst of requests costs one query. A revocation drops it here at once and,
 * through NOTIFY, on every other instance; while this instance's listener is not connected (a revocation could
 * then be missed), the cache is not used. The embedded database has one process only, so it needs no listener.
 * Unknown tokens are not kept, so guessing cannot fill the cache.
 */
export class PgTokenStore implements TokenStore, OnModuleInit, OnApplicationShutdown {
  /** Emits `forgotten` (token) when a revocation reached this instance's cache. */
  readonly events = new EventEmitter();
  private readonly resolved = new Map<string, { userId: string; expiresAt: number; checkedAt: number }>();
  private readonly listener: PgChannelListener | undefined;
  private cacheTrusted: boolean;
  /** Counts revocations heard, so that a resolve that overlapped one does not cache what it read before it. */
  private revision = 0;

  /** `serverUrl`: the PostgreSQL server other instances share, or undefined for the embedded database. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly ttlMs: number,
    serverUrl: string | undefined,
  ) {
    this.cacheTrusted = serverUrl === undefined;
    this.listener =
      serverUrl === undefined
        ? undefined
        : new PgChannelListener(serverUrl, [TOKEN_REVOKED_CHANNEL], {
            notified: (_channel, token) => this.forget(token),
            connected: () => {
              this.revision++;
              this.resolved.clear();
              this.cacheTrusted = true;
            },
            disconnected: () => {
              this.cacheTrusted = false;
            },
          });
  }

  async onModuleInit(): Promise<void> {
    await this.listener?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

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
    if (known && this.cacheTrusted && now - known.checkedAt < RESOLVED_CACHE_MS) {
      return known.expiresAt > now ? known.userId : undefined;
    }
    const revision = this.revision;
    const [row] = await poolQuery(this.dataSource).rows<{ userId: string | number; expiresAt: Date }>(
      `SELECT "user_id" AS "userId", "expires_at" AS "expiresAt" FROM "adi_user_token" WHERE "token" = $1`,
      [token],
      'token_resolve',
    );
    this.resolved.delete(token);
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    const userId = String(row.userId);
    if (revision !== this.revision) return userId;
    if (this.resolved.size >= RESOLVED_CACHE_SIZE) this.resolved.delete(this.resolved.keys().next().value!);
    this.resolved.set(token, { userId, expiresAt: new Date(row.expiresAt).getTime(), checkedAt: now });
    return userId;
  }

  async revoke(token: string): Promise<void> {
    this.forget(token);
    // The notification is sent only when the delete commits, in the same statement, so no instance can hear of it
    // and then still find the row.
    await poolQuery(this.dataSource).rows(
      `WITH gone AS (DELETE FROM "adi_user_token" WHERE "token" = $1 RETURNING "token")
       SELECT pg_notify('${TOKEN_REVOKED_CHANNEL}', "token") FROM gone`,
      [token],
    );
    // A resolve here that read the row just before the delete may have cached it since.
    this.forget(token);
  }

  private forget(token: string): void {
    this.revision++;
    this.resolved.delete(token);
    this.events.emit('forgotten', token);
  }
}

/** As the legacy server does: `user:token:{token}` with a time to live; every instance reads Redis directly. */
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

  async revoke(token: string): Promise<void> {
    await this.redis.del(`user:token:${token}`);
  }
}
