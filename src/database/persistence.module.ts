import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { AdminRepository } from '../admin/admin.repository.js';
import { PgTokenStore, RedisTokenStore, TOKEN_STORE } from '../auth/token-store.js';
import { UserRepository } from '../auth/user.repository.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AnswerStore } from '../conversation/answer-store.js';
import { ASK_LIMITS, PgAskLimits, RedisAskLimits } from '../conversation/ask-limits.js';
import { ConversationRepository } from '../conversation/conversation.repository.js';
import { MessageRepository } from '../conversation/message.repository.js';
import { DATA_SOURCE, DatabaseModule, REDIS } from './database.module.js';

/** Every repository, and the stores that live in Redis when REDIS_URL is set and in PostgreSQL otherwise. */
@Global()
@Module({
  imports: [DatabaseModule],
  providers: [
    UserRepository,
    ConversationRepository,
    MessageRepository,
    AnswerStore,
    AdminRepository,
    {
      provide: TOKEN_STORE,
      inject: [APP_CONFIG, DATA_SOURCE, REDIS],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: Redis | undefined) =>
        redis
          ? new RedisTokenStore(redis, config.auth.tokenTtlMs)
          : new PgTokenStore(dataSource, config.auth.tokenTtlMs),
    },
    {
      provide: ASK_LIMITS,
      inject: [APP_CONFIG, DATA_SOURCE, REDIS],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: Redis | undefined) =>
        redis
          ? new RedisAskLimits(redis, config.limits.asksPerMinute)
          : new PgAskLimits(dataSource, config.limits.asksPerMinute),
    },
  ],
  exports: [
    UserRepository,
    ConversationRepository,
    MessageRepository,
    AnswerStore,
    AdminRepository,
    TOKEN_STORE,
    ASK_LIMITS,
  ],
})
export class PersistenceModule {}
