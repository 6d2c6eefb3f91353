import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MODEL_PROVIDER, type ModelProvider } from './model-provider.js';
import { OfflineProvider } from './offline-provider.js';
import { OpenAiProvider } from './openai-provider.js';

export function createModelProvider(config: AppConfig): ModelProvider {
  return config.model.provider === 'openai'
    ? new OpenAiProvider(config.model.openai)
    : new OfflineProvider(config.model.offline);
}

@Global()
@Module({
  providers: [{ provide: MODEL_PROVIDER, useFactory: createModelProvider, inject: [APP_CONFIG] }],
  exports: [MODEL_PROVIDER],
})
export class ModelModule {}
