import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';

/** The legacy `ModelInfo`: what the model picker shows. Ids are strings, as the stock frontend compares them. */
export interface ModelInfo {
  modelId: string;
  modelName: string;
  modelTitle: string;
  modelPlatform: string;
  enable: boolean;
  isFree: boolean;
  isReasoner: boolean;
  isThinkingClosable: boolean;
  isSupportWebSearch: boolean;
  inputTypes: string;
  responseFormatTypes: string;
  properties: Record<string, unknown>;
}

/** The name the offline model is listed under; the ask accepts any name with it, this one included. */
export const OFFLINE_MODEL_NAME = 'offline';

/**
 * The models a question may name, the default first. With an OpenAI-compatible server these are exactly the
 * names its provider accepts (OPENAI_MODEL, then OPENAI_MODELS); with the offline model, that one model.
 */
@Injectable()
export class ModelCatalog {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  textModels(): ModelInfo[] {
    const model = this.config.model;
    if (model.provider === 'offline') {
      return [toInfo(1, OFFLINE_MODEL_NAME, 'Offline sample model', 'offline')];
    }
    return model.openai.models.map((name, index) => toInfo(index + 1, name, name, 'openai'));
  }

  /** The `modelId` of the model a request names; a blank or unknown name gets the default model's, as the ask does. */
  idOf(modelName: string): string {
    const models = this.textModels();
    return (models.find((model) => model.modelName === modelName) ?? models[0]!).modelId;
  }
}

function toInfo(id: number, name: string, title: string, platform: string): ModelInfo {
  return {
    modelId: String(id),
    modelName: name,
    modelTitle: title,
    modelPlatform: platform,
    enable: true,
    isFree: false,
    isReasoner: false,
    isThinkingClosable: false,
    isSupportWebSearch: false,
    inputTypes: 'text',
    responseFormatTypes: 'text',
    properties: {},
  };
}
