import { Injectable } from '@nestjs/common';
import type { AnswerProfile } from './answer-profile.js';
import type { AnswerStore } from './answer-store.js';
import { JournaledAnswerStore } from './journaled-answer-store.js';
import { QaRecordAnswerStore } from './qa-record-answer-store.js';

/** The answer store each profile names (`AnswerProfile.store`). */
@Injectable()
export class AnswerStores {
  private readonly byProfile: Record<AnswerProfile['store'], AnswerStore>;

  constructor(journaled: JournaledAnswerStore, qaRecords: QaRecordAnswerStore) {
    this.byProfile = { journal: journaled, 'qa-record': qaRecords };
  }

  of(profile: AnswerProfile): AnswerStore {
    return this.byProfile[profile.store];
  }
}
