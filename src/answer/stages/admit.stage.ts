import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { MODEL_PROVIDER, type ModelProvider } from '../../model/model-provider.js';
import { AnswerAdmission, type Refused } from '../answer-admission.js';
import type { AnswerProfile } from '../answer-profile.js';
import type { AnswerQuestion } from '../answer-question.js';
import type { AdmittedAnswer } from './handoffs.js';

/**
 * Stage 1, admit: the asker's one-answer lock, the per-minute count and, for a journaled answer, the question
 * and the answer row (`streaming`) stored, all before `[START]`. The route validated the request and found the
 * question already.
 */
@Injectable()
export class AdmitStage {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    private readonly admission: AnswerAdmission,
  ) {}

  async admit(profile: AnswerProfile, question: AnswerQuestion, answerUuid: string): Promise<AdmittedAnswer | Refused> {
    const { owner } = question;
    if (profile.store === 'qa-record' || owner.kind !== 'conversation') {
      const limits = await this.admission.admitLimits(question.user.id);
      return 'refused' in limits ? limits : { lock: limits.lock, answerUuid };
    }
    const admitted = await this.admission.admit({
      userId: question.user.id,
      conversationId: owner.conversation.id,
      conversationUuid: owner.conversation.uuid,
      ...(question.existingId ? { questionId: question.existingId } : {}),
      questionUuid: question.uuid,
      question: question.text,
      answerUuid,
      modelPlatform: this.model.name,
      leaseMs: this.config.stream.leaseMs,
    });
    if ('refused' in admitted) return admitted;
    return {
      lock: admitted.lock,
      answerUuid,
      rows: { answerId: admitted.answerId, questionId: admitted.questionId },
    };
  }
}
