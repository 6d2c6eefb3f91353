import { Module } from '@nestjs/common';
import { SAMPLE_KNOWLEDGE_BASE_UUID } from '../knowledge/sample-corpus.js';
import { AskController } from './ask.controller.js';
import { AskService } from './ask.service.js';
import { CONVERSATION_PORT, OpenConversations } from './conversation-port.js';
import { IN_FLIGHT_GUARD, LocalInFlightGuard } from './in-flight-guard.js';

@Module({
  controllers: [AskController],
  providers: [
    AskService,
    { provide: CONVERSATION_PORT, useFactory: () => new OpenConversations([SAMPLE_KNOWLEDGE_BASE_UUID]) },
    { provide: IN_FLIGHT_GUARD, useFactory: () => new LocalInFlightGuard() },
  ],
})
export class ConversationModule {}
