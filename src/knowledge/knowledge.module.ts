import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RETRIEVAL_PORT } from './retrieval-port.js';
import { SampleRetrieval } from './sample-retrieval.js';

@Global()
@Module({
  providers: [
    {
      provide: RETRIEVAL_PORT,
      useFactory: (config: AppConfig) => new SampleRetrieval(config.retrieval.maxResults, config.retrieval.minScore),
      inject: [APP_CONFIG],
    },
  ],
  exports: [RETRIEVAL_PORT],
})
export class KnowledgeModule {}
