import { Module } from '@nestjs/common';
import { AskController } from './ask.controller.js';
import { AskService } from './ask.service.js';
import { CitationTrust } from './citation-trust.service.js';
import { ConversationController } from './conversation.controller.js';
import { RefsController } from './refs.controller.js';

@Module({
  // RefsController and AskController come before ConversationController, whose `GET :uuid` would match
  // their paths otherwise.
  controllers: [AskController, RefsController, ConversationController],
  providers: [AskService, CitationTrust],
})
export class ConversationModule {}
