import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../accounts/current-user.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { ModelCatalog } from './model-catalog.js';

/**
 * Speech settings as the stock frontend keeps them: the browser speaks answers itself (client-side TTS), and
 * there are no server voices. The frontend persists this reply, so its shape must stay complete.
 */
const PUBLIC_SYSTEM_CONFIG = {
  asrSetting: { model_name: '', platform: '', max_record_duration: 0, max_file_size: 0 },
  ttsSetting: { synthesizer_side: 'client', model_name: '', platform: '' },
  availableVoices: [] as unknown[],
};

/** What the stock frontend loads at start, before anyone logs in. */
@Controller()
export class PlatformController {
  constructor(
    private readonly models: ModelCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('model/llms')
  llms() {
    return { success: true, data: this.models.textModels() };
  }

  /** No image models: drawing is not provided. */
  @Public()
  @Get('model/imageModels')
  imageModels() {
    return { success: true, data: [] };
  }

  /** No web search engines: AI search is not provided. */
  @Public()
  @Get('auth/search-engine/list')
  searchEngines() {
    return { success: true, data: [] };
  }

  @Public()
  @Get('sys/config/public/info')
  publicInfo() {
    // `registrationEnabled` is this server's own addition: the stock frontend ignores keys it does not know.
    return {
      success: true,
      data: { ...PUBLIC_SYSTEM_CONFIG, registrationEnabled: this.config.accounts.registrationEnabled },
    };
  }
}
