import { Injectable } from '@nestjs/common';
import type { Refused } from '../answer-admission.js';
import type { AnswerProfile } from '../answer-profile.js';
import type { AnswerQuestion } from '../answer-question.js';
import { AnswerStores } from '../answer-stores.js';
import type { AdmittedAnswer } from './handoffs.js';

/**
 * Stage 1, admit: through the profile's answer store, the asker's one-answer lock, the per-minute count and, for
 * a journaled answer, the question and the answer row (`streaming`) stored, all before `[START]`. The route
 * validated the request and found the question already.
 */
@Injectable()
export class AdmitStage {
  constructor(private readonly stores: AnswerStores) {}

  admit(profile: AnswerProfile, question: AnswerQuestion, answerUuid: string): Promise<AdmittedAnswer | Refused> {
    return this.stores.of(profile).admit(question, answerUuid);
  }
}
