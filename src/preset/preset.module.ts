import { Module } from '@nestjs/common';
import { PresetController } from './preset.controller.js';
import { PresetRepository } from './preset.repository.js';
import { PresetService } from './preset.service.js';

@Module({
  controllers: [PresetController],
  providers: [PresetRepository, PresetService],
})
export class PresetModule {}
