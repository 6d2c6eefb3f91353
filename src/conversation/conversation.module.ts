import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LIMITER_FACTORY, type LimiterFactory } from '../common/rate-limiter.js';
import { DATA_SOURCE, REDIS } from '../database/database.module.js';
import { AskController } from './ask.controller.js';
import { AnswerAdmission } from './answer-admission.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { JournalFlusher } from './journal-flusher.js';
import { LeaseKeeper } from './lease-keeper.js';
import { AnswerRecovery } from './answer-recovery.js';
import { AnswerResumeService } from './answer-resume.service.js';
import { AnswerSpill } from './answer-spill.js';
import { ASK_LIMITS, askRateLimiter, PgAskLimits, RedisAskLimits } from './ask-limits.js';
import { AskService } from './ask.service.js';
import { CitationTrust } from './citation-trust.service.js';
import { ConversationHistory } from './conversation-history.js';
import { LiveAnswers } from './live-answers.js';
import { ConversationController } from './conversation.controller.js';
import { ConversationService } from './conversation.service.js';
import { ConversationRepository } from './conversation.repository.js';
import { MessageRepository } from './message.repository.js';
import { RefsController } from './refs.controller.js';

@Module({
  // RefsController and AskController come before ConversationController, whose `GET :uuid` would match
  // their paths otherwise.
  controllers: [AskController, RefsController, ConversationController],
  providers: [
    ConversationRepository,
    MessageRepository,
    {
      // In Redis when REDIS_URL is set, so that every instance sees them; in PostgreSQL otherwise.
      provide: ASK_LIMITS,
      inject: [APP_CONFIG, DATA_SOURCE, REDIS, LIMITER_FACTORY],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: Redis | undefined, limiters: LimiterFactory) => {
        const rate = askRateLimiter(limiters, config.limits.asksPerMinute);
        return redis ? new RedisAskLimits(redis, rate) : new PgAskLimits(dataSource, rate);
      },
    },
    ConversationService,
    AnswerAdmission,
    AskService,
    CitationTrust,
    ConversationHistory,
    AnswerJournalStore,
    JournalFlusher,
    LeaseKeeper,
    AnswerSpill,
    AnswerRecovery,
    LiveAnswers,
    AnswerResumeService,
  ],
  exports: [ConversationRepository, MessageRepository, ASK_LIMITS, LeaseKeeper],
})
export class ConversationModule {}
