import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { EmbeddingClient } from './embedding-client.js';
import { GRAPH_EXTRACTOR, ModelGraphExtractor, type GraphExtractor } from './graph-extractor.js';
import { MODEL_PROVIDER, type ModelProvider } from './model-provider.js';
import { OfflineProvider } from './offline-provider.js';
import { openAiClient } from './openai-client.js';
import { OpenAiProvider } from './openai-provider.js';

/*
 * The one place the model provider is chosen (MODEL_PROVIDER: an OpenAI-compatible server, or the offline model)
 * and every model client made: the answering model, graph extraction, embeddings. The late verifier's client is
 * made in late-verifier.ts, from the same openAiClient. Every other file asks for a port, never for a provider.
 */

export function createModelProvider(config: AppConfig): ModelProvider {
  return config.model.provider === 'openai'
    ? new OpenAiProvider(config.model.openai)
    : new OfflineProvider(config.model.offline);
}

/** The answering model reads a document's facts; the offline model cannot, and then the graph stays empty. */
export function createGraphExtractor(config: AppConfig): GraphExtractor | undefined {
  if (config.model.provider !== 'openai') return undefined;
  const { openai } = config.model;
  return new ModelGraphExtractor(openAiClient(openai), openai.model);
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
    { provide: GRAPH_EXTRACTOR, useFactory: createGraphExtractor, inject: [APP_CONFIG] },
    { provide: EMBEDDING_CLIENT, useFactory: createEmbeddingClient, inject: [APP_CONFIG] },
  ],
  exports: [MODEL_PROVIDER, GRAPH_EXTRACTOR, EMBEDDING_CLIENT],
})
export class ModelModule {}
