import { Module } from '@nestjs/common';
import { AuthModule } from '../accounts/auth.module.js';
import { ConversationModule } from '../conversations/conversation.module.js';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { OnboardingService } from './onboarding.service.js';

/** Sits above accounts, conversations and knowledge bases, so that none of them imports another for a new user. */
@Module({
  imports: [AuthModule, ConversationModule, KnowledgeModule],
  providers: [OnboardingService],
})
export class OnboardingModule {}
