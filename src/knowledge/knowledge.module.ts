import { Global, Module } from '@nestjs/common';
import { GraphRepository } from './graph.repository.js';
import { IndexingService } from './indexing.service.js';
import { KnowledgeController } from './knowledge.controller.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import { PgRetrieval } from './pg-retrieval.js';
import { RETRIEVAL_PORT } from './retrieval-port.js';
import { SampleKnowledgeBase } from './sample-knowledge-base.js';

@Global()
@Module({
  controllers: [KnowledgeController],
  providers: [
    KnowledgeRepository,
    GraphRepository,
    IndexingService,
    SampleKnowledgeBase,
    { provide: RETRIEVAL_PORT, useClass: PgRetrieval },
  ],
  exports: [RETRIEVAL_PORT, KnowledgeRepository, SampleKnowledgeBase],
})
export class KnowledgeModule {}
