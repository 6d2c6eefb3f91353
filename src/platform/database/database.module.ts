import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { LIMITER_FACTORY, LimiterFactory } from '../common/rate-limiter.js';
import { APP_CONFIG } from '../config/config.module.js';
import { openDatabase, type OpenDatabase } from './data-source.js';
import { ensureVectorSchema, type VectorSupport } from './vector-schema.js';

export const OPEN_DATABASE = Symbol('OPEN_DATABASE');
export const DATA_SOURCE = Symbol('DATA_SOURCE');
/** {@link VectorSupport}: whether chunk vectors can be stored and searched; said once in the log at boot. */
export const VECTOR_SUPPORT = Symbol('VECTOR_SUPPORT');
/** The Redis client, or `undefined` when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');

@Injectable()
class ConnectionsCloser implements OnApplicationShutdown {
  constructor(
    @Inject(OPEN_DATABASE) private readonly database: OpenDatabase,
    @Inject(REDIS) private readonly redis: Redis | undefined,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
    await this.database.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: OPEN_DATABASE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<OpenDatabase> => {
        const database = await openDatabase({ ...config.database, vectors: config.embedding !== undefined });
        new Logger('Database').log({
          message: 'database ready',
          kind: database.embedded ? 'embedded PGlite' : 'PostgreSQL server',
          ...(database.embedded ? { dataDir: config.database.dataDir } : {}),
          migrations: config.database.runMigrations ? 'applied' : 'skipped',
        });
        return database;
      },
    },
    {
      provide: DATA_SOURCE,
      inject: [OPEN_DATABASE],
      useFactory: (database: OpenDatabase): DataSource => database.dataSource,
    },
    {
      provide: VECTOR_SUPPORT,
      inject: [APP_CONFIG, OPEN_DATABASE],
      useFactory: async (config: AppConfig, database: OpenDatabase): Promise<VectorSupport> => {
        const embedding = config.embedding;
        if (!embedding) return { state: 'not configured' };
        const support = await ensureVectorSchema(database.dataSource, embedding);
        const logger = new Logger('Database');
        if (support.state === 'ready') {
          logger.log({ message: 'vector search ready', model: support.model, dimensions: support.dimensions });
        } else if (support.state === 'unavailable') {
          logger.warn({ message: 'vector search unavailable; retrieval stays lexical', reason: support.reason });
        }
        return support;
      },
    },
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      // Loaded only when used: the client library costs about 15 MiB of resident memory, which the embedded
      // default, with no Redis, would carry for nothing.
      useFactory: async (config: AppConfig): Promise<Redis | undefined> => {
        if (!config.redisUrl) return undefined;
        const { Redis } = await import('ioredis');
        return new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      },
    },
    {
      provide: LIMITER_FACTORY,
      inject: [OPEN_DATABASE, REDIS],
      useFactory: (database: OpenDatabase, redis: Redis | undefined): LimiterFactory => {
        const factory = new LimiterFactory({ redis, postgres: database.embedded ? undefined : database.dataSource });
        new Logger('RateLimits').log({ message: 'rate limits ready', store: factory.store });
        return factory;
      },
    },
    ConnectionsCloser,
  ],
  exports: [DATA_SOURCE, REDIS, LIMITER_FACTORY, VECTOR_SUPPORT],
})
export class DatabaseModule {}
