import { Module } from '@nestjs/common';
import { ConversationModule } from '../conversations/conversation.module.js';
import { PresetController } from './preset.controller.js';
import { PresetRepository } from './preset.repository.js';
import { PresetService } from './preset.service.js';

@Module({
  imports: [ConversationModule],
  controllers: [PresetController],
  providers: [PresetRepository, PresetService],
})
export class PresetModule {}
