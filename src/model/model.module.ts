import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { EmbeddingClient } from './embedding-client.js';
import { MODEL_PROVIDER, type ModelProvider } from './model-provider.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider } from './openai-provider.js';

export function createModelProvider(config: AppConfig): ModelProvider {
  return config.model.provider === 'openai'
    ? new OpenAiProvider(config.model.openai)
    : new OfflineProvider(config.model.offline);
}

/** The embeddings client of semantic retrieval; `undefined` when no EMBEDDING_BASE_URL is set. */
export const EMBEDDING_CLIENT = Symbol('EMBEDDING_CLIENT');

export function createEmbeddingClient(config: AppConfig): EmbeddingClient | undefined {
  return config.embedding ? new EmbeddingClient(config.embedding) : undefined;
}

@Global()
@Module({
  providers: [
    { provide: MODEL_PROVIDER, useFactory: createModelProvider, inject: [APP_CONFIG] },
    { provide: EMBEDDING_CLIENT, useFactory: createEmbeddingClient, inject: [APP_CONFIG] },
  ],
  exports: [MODEL_PROVIDER, EMBEDDING_CLIENT],
})
export class ModelModule {}
