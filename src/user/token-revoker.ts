import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE, REDIS } from '../database/database.module.js';
import { UserTokenEntity } from '../database/entities/index.js';

/** Ends a login: forgets the token wherever login tokens are kept (Redis when configured, else PostgreSQL). */
@Injectable()
export class TokenRevoker {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | undefined,
  ) {}

  async revoke(token: string): Promise<void> {
    if (this.redis) await this.redis.del(`user:token:${token}`);
    else await this.dataSource.getRepository(UserTokenEntity).delete({ token });
  }
}
