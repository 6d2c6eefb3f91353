import { Module } from '@nestjs/common';
import { ConversationController } from './conversation.controller.js';
import { ConversationHistory } from './conversation-history.js';
import { ConversationRepository } from './conversation.repository.js';
import { ConversationService } from './conversation.service.js';
import { MessageRepository } from './message.repository.js';

/** Conversations and their messages: the list, adding, editing, deleting, the history, and its memory. */
@Module({
  controllers: [ConversationController],
  providers: [ConversationRepository, MessageRepository, ConversationService, ConversationHistory],
  exports: [ConversationRepository, MessageRepository, ConversationHistory],
})
export class ConversationModule {}
