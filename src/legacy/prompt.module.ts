import { Module } from '@nestjs/common';
import { PromptController } from './prompt.controller.js';
import { PromptRepository } from './prompt.repository.js';
import { PromptService } from './prompt.service.js';

@Module({
  controllers: [PromptController],
  providers: [PromptRepository, PromptService],
})
export class PromptModule {}
