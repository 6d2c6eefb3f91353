import { Module } from '@nestjs/common';
import { PlatformModule } from '../platform/platform.module.js';
import { CitationTrust } from '../conversation/citation-trust.service.js';
import { ConversationModule } from '../conversation/conversation.module.js';
import { KnowledgeQaController } from './knowledge-qa.controller.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';
import { KnowledgeQaService } from './knowledge-qa.service.js';

/** The knowledge-base Q&A page: questions asked of one knowledge base, answered with citations. */
@Module({
  imports: [PlatformModule, ConversationModule],
  controllers: [KnowledgeQaController],
  providers: [KnowledgeQaRepository, KnowledgeQaService, CitationTrust],
})
export class KnowledgeQaModule {}
