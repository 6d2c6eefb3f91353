import type { Redis } from 'ioredis';
import { LessThan, type DataSource } from 'typeorm';
import { UserTokenEntity } from '../database/entities/index.js';
import { newUuid } from '../common/ids.js';

/** Login tokens: a dashless UUID handed to the client, mapped to a user until it expires. */
export interface TokenStore {
  issue(userId: string): Promise<string>;
  /** The user id the token belongs to, or undefined when it is unknown or expired. */
  resolve(token: string): Promise<string | undefined>;
}

export const TOKEN_STORE = Symbol('TOKEN_STORE');

export class PgTokenStore implements TokenStore {
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
    const row = await this.dataSource.getRepository(UserTokenEntity).findOneBy({ token });
    return row && row.expiresAt.getTime() > Date.now() ? row.userId : undefined;
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
