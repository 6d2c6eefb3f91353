import { Global, Module } from '@nestjs/common';
import { GraphRepository } from './graph.repository.js';
import { IndexingJobRepository } from './indexing-job.repository.js';
import { IndexingService } from './indexing.service.js';
import { KnowledgeController } from './knowledge.controller.js';
import { KnowledgeRepository } from './knowledge.repository.js';
import { KnowledgeService } from './knowledge.service.js';
import { PgRetrieval } from './pg-retrieval.js';
import { RETRIEVAL_PORT } from './retrieval-port.js';
import { SampleKnowledgeBase } from './sample-knowledge-base.js';
import { VectorRepository } from './vector.repository.js';

@Global()
@Module({
  controllers: [KnowledgeController],
  providers: [
    KnowledgeRepository,
    KnowledgeService,
    GraphRepository,
    IndexingService,
    IndexingJobRepository,
    VectorRepository,
    SampleKnowledgeBase,
    { provide: RETRIEVAL_PORT, useClass: PgRetrieval },
  ],
  exports: [RETRIEVAL_PORT, KnowledgeRepository, SampleKnowledgeBase],
})
export class KnowledgeModule {}
