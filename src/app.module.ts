import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './accounts/auth.module.js';
import { ErrorEnvelopeFilter } from './platform/common/error.filter.js';
import type { AppConfig } from './platform/config/app-config.js';
import { ConfigModule } from './platform/config/config.module.js';
import { AnswerModule } from './answer/answer.module.js';
import { ConversationModule } from './conversations/conversation.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { HealthController } from './platform/health/health.controller.js';
import { KnowledgeModule } from './knowledge/knowledge.module.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { ModelModule } from './model/model.module.js';
import { KnowledgeQaModule } from './legacy/knowledge-qa.module.js';
import { PlatformModule } from './legacy/platform.module.js';
import { PresetModule } from './legacy/preset.module.js';
import { PromptModule } from './legacy/prompt.module.js';
import { UserModule } from './accounts/user.module.js';
import { RegistrationModule } from './accounts/registration.module.js';
import { KnowledgeSocialModule } from './legacy/knowledge-social.module.js';
import { MessageModule } from './legacy/message.module.js';
import { WebModule } from './platform/web/web.module.js';
import { OnboardingModule } from './legacy/onboarding.module.js';
import { OpenApiModule } from './platform/openapi/openapi.module.js';

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
