import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ErrorEnvelopeFilter } from './common/error.filter.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AnswerModule } from './answer/answer.module.js';
import { ConversationModule } from './conversation/conversation.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthController } from './health/health.controller.js';
import { KnowledgeModule } from './knowledge/knowledge.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ModelModule } from './model/model.module.js';
import { KnowledgeQaModule } from './knowledge-qa/knowledge-qa.module.js';
import { PlatformModule } from './platform/platform.module.js';
import { PresetModule } from './preset/preset.module.js';
import { PromptModule } from './prompt/prompt.module.js';
import { UserModule } from './user/user.module.js';
import { RegistrationModule } from './auth/registration.module.js';
import { KnowledgeSocialModule } from './knowledge/knowledge-social.module.js';
import { MessageModule } from './message/message.module.js';
import { WebModule } from './web/web.module.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { OpenApiModule } from './openapi/openapi.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        ModelModule,
        KnowledgeModule,
        AuthModule,
        AnswerModule,
        ConversationModule,
        AdminModule,
        KnowledgeQaModule,
        PlatformModule,
        UserModule,
        RegistrationModule,
        PresetModule,
        PromptModule,
        KnowledgeSocialModule,
        MessageModule,
        MetricsModule,
        WebModule,
        OnboardingModule,
        OpenApiModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: ErrorEnvelopeFilter }],
    };
  }
}
