import { Module } from '@nestjs/common';
import { MessageDeletionController } from './message-deletion.controller.js';
import { MessageDeletionRepository } from './message-deletion.repository.js';

@Module({
  controllers: [MessageDeletionController],
  providers: [MessageDeletionRepository],
})
export class MessageModule {}
