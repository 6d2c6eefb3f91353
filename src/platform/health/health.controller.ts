import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { Public } from '../../accounts/current-user.js';
import { DATA_SOURCE, REDIS, VECTOR_SUPPORT } from '../database/database.module.js';
import type { VectorSupport } from '../database/vector-schema.js';

/** How long a dependency may take to answer before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = 'up' | 'down' | 'not configured';

async function check(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

function vectorCheck(support: VectorSupport): string {
  return support.state === 'unavailable' ? `unavailable: ${support.reason}` : support.state;
}

/**
 * `GET /health`: liveness, the process answers (it touches nothing else, so a database outage does not get the
 * process restarted). `GET /health/ready`: readiness, the database (and Redis, when configured) answer; 503
 * when either does not, so that a load balancer sends no traffic here until they do.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | undefined,
    @Inject(VECTOR_SUPPORT) private readonly vectors: VectorSupport,
  ) {}

  @Public()
  @Get()
  health(): { success: true; data: { status: 'ok' } } {
    return { success: true, data: { status: 'ok' } };
  }

  @Public()
  @Get('ready')
  @HttpCode(200)
  async ready(@Res({ passthrough: true }) response: Response) {
    const redis = this.redis;
    const [database, redisCheck] = await Promise.all([
      check(() => this.dataSource.query('SELECT 1')),
      redis ? check(() => redis.ping()) : Promise.resolve<Check>('not configured'),
    ]);
    // Vector search is not needed to serve: without it retrieval is lexical, so it is reported, never a 503.
    const checks = { database, redis: redisCheck, vectors: vectorCheck(this.vectors) };
    if (database === 'down' || redisCheck === 'down') {
      response.status(503);
      return { success: false, code: 'NOT_READY', message: 'A dependency is down; see data.', data: checks };
    }
    return { success: true, data: { status: 'ready', ...checks } };
  }
}
