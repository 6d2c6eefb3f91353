import { Module } from '@nestjs/common';
import { AskController } from './ask.controller.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { AnswerRecovery } from './answer-recovery.js';
import { AnswerResumeService } from './answer-resume.service.js';
import { AnswerSpill } from './answer-spill.js';
import { AskService } from './ask.service.js';
import { CitationTrust } from './citation-trust.service.js';
import { ConversationHistory } from './conversation-history.js';
import { LiveAnswers } from './live-answers.js';
import { ConversationController } from './conversation.controller.js';
import { RefsController } from './refs.controller.js';

@Module({
  // RefsController and AskController come before ConversationController, whose `GET :uuid` would match
  // their paths otherwise.
  controllers: [AskController, RefsController, ConversationController],
  providers: [
    AskService,
    CitationTrust,
    ConversationHistory,
    AnswerJournalStore,
    AnswerSpill,
    AnswerRecovery,
    LiveAnswers,
    AnswerResumeService,
  ],
})
export class ConversationModule {}
