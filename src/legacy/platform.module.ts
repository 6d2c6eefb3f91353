import { Module } from '@nestjs/common';
import { ModelCatalog } from './model-catalog.js';
import { NotProvidedController } from './not-provided.controller.js';
import { PlatformController } from './platform.controller.js';

/** App-start calls (models, search engines, public settings) and the screens this product does not provide. */
@Module({
  controllers: [PlatformController, NotProvidedController],
  providers: [ModelCatalog],
  exports: [ModelCatalog],
})
export class PlatformModule {}
