import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { LIMITER_FACTORY, type LimiterFactory } from '../platform/common/rate-limiter.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { ConversationModule } from '../conversations/conversation.module.js';
import { DATA_SOURCE, REDIS } from '../platform/database/database.module.js';
import { AnswerAdmission } from './answer-admission.js';
import { AnswerEngine } from './answer-engine.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { AnswerMessages } from './answer-messages.service.js';
import { AnswerRecords } from './answer-records.repository.js';
import { AnswerRecovery } from './answer-recovery.js';
import { AnswerReferences } from './answer-references.service.js';
import { AnswerResumeService } from './answer-resume.service.js';
import { AnswerSpill } from './answer-spill.js';
import { AnswerStores } from './answer-stores.js';
import { ASK_LIMITS, askRateLimiter, PgAskLimits, RedisAskLimits } from './ask-limits.js';
import { AskController } from './ask.controller.js';
import { ChatQuestions } from './chat-questions.js';
import { CitationTrust } from './citation-trust.service.js';
import { JournalFlusher } from './journal-flusher.js';
import { JournaledAnswerStore } from './journaled-answer-store.js';
import { LeaseKeeper } from './lease-keeper.js';
import { LiveAnswers } from './live-answers.js';
import { QaRecordAnswerStore } from './qa-record-answer-store.js';
import { RefsController } from './refs.controller.js';
import { AdmitStage } from './stages/admit.stage.js';
import { EndStage } from './stages/end.stage.js';
import { ModelTurnStage } from './stages/model-turn.stage.js';
import { OpenStage } from './stages/open.stage.js';
import { RetrieveStage } from './stages/retrieve.stage.js';

/**
 * The answer engine, for a conversation's ask and the knowledge-base Q&A page: its stages, the journal that
 * writes answers ahead, resuming and stopping them, the per-user limits, and the stored answers' references.
 */
@Module({
  imports: [ConversationModule],
  controllers: [AskController, RefsController],
  providers: [
    {
      // In Redis when REDIS_URL is set, so that every instance sees them; in PostgreSQL otherwise.
      provide: ASK_LIMITS,
      inject: [APP_CONFIG, DATA_SOURCE, REDIS, LIMITER_FACTORY],
      useFactory: (config: AppConfig, dataSource: DataSource, redis: Redis | undefined, limiters: LimiterFactory) => {
        const rate = askRateLimiter(limiters, config.limits.asksPerMinute);
        return redis ? new RedisAskLimits(redis, rate) : new PgAskLimits(dataSource, rate);
      },
    },
    AnswerEngine,
    AdmitStage,
    OpenStage,
    RetrieveStage,
    ModelTurnStage,
    EndStage,
    AnswerAdmission,
    AnswerStores,
    JournaledAnswerStore,
    QaRecordAnswerStore,
    ChatQuestions,
    CitationTrust,
    AnswerJournalStore,
    JournalFlusher,
    LeaseKeeper,
    AnswerSpill,
    AnswerRecovery,
    LiveAnswers,
    AnswerResumeService,
    AnswerRecords,
    AnswerReferences,
    AnswerMessages,
  ],
  exports: [AnswerEngine, AnswerReferences, ASK_LIMITS],
})
export class AnswerModule {}
