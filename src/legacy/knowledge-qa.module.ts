import { Module } from '@nestjs/common';
import { AnswerModule } from '../answer/answer.module.js';
import { PlatformModule } from './platform.module.js';
import { KnowledgeQaController } from './knowledge-qa.controller.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';
import { KnowledgeQaService } from './knowledge-qa.service.js';

/** The knowledge-base Q&A page: questions asked of one knowledge base, answered by the answer engine. */
@Module({
  imports: [PlatformModule, AnswerModule],
  controllers: [KnowledgeQaController],
  providers: [KnowledgeQaRepository, KnowledgeQaService],
})
export class KnowledgeQaModule {}
