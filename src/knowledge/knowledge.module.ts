import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { GRAPH_EXTRACTOR, ModelGraphExtractor } from './graph-extractor.js';
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
    {
      provide: GRAPH_EXTRACTOR,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.model.provider === 'openai' ? new ModelGraphExtractor(config.model.openai) : undefined,
    },
  ],
  exports: [RETRIEVAL_PORT, KnowledgeRepository, SampleKnowledgeBase],
})
export class KnowledgeModule {}
