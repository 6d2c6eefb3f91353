import { Module } from '@nestjs/common';
import { ConversationModule } from '../conversation/conversation.module.js';
import { KnowledgeQaController } from './knowledge-qa.controller.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';
import { KnowledgeQaService } from './knowledge-qa.service.js';

/** The knowledge-base Q&A page: questions asked of one knowledge base, answered with citations. */
@Module({
  imports: [ConversationModule],
  controllers: [KnowledgeQaController],
  providers: [KnowledgeQaRepository, KnowledgeQaService],
})
export class KnowledgeQaModule {}
