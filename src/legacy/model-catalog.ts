import { Inject, Injectable } from '@nestjs/common';
import { MODEL_PROVIDER, type ModelProvider } from '../model/model-provider.js';

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

/**
 * The models a question may name, the default first, as the provider offers them: with an OpenAI-compatible
 * server exactly the names it accepts (OPENAI_MODEL, then OPENAI_MODELS); with the offline model, that one model.
 */
@Injectable()
export class ModelCatalog {
  constructor(@Inject(MODEL_PROVIDER) private readonly provider: ModelProvider) {}

  textModels(): ModelInfo[] {
    return this.provider.models.map((model, index) => toInfo(index + 1, model.name, model.title, this.provider.name));
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
