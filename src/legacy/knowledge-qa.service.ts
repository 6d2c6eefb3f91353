import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import type { AnswerQuestion } from '../answer/answer-question.js';
import { AppError } from '../platform/common/app-error.js';
import type { KnowledgeQaEntity } from '../platform/database/entities/index.js';
import { canRead } from '../knowledge/knowledge-access.js';
import { KnowledgeBaseNotFoundError } from '../knowledge/knowledge-errors.js';
import { KnowledgeRepository } from '../knowledge/knowledge.repository.js';
import type { Page } from '../knowledge/knowledge.repository.js';
import { ModelCatalog } from './model-catalog.js';
import { QaRecordNotFoundError } from './knowledge-qa-errors.js';
import { KnowledgeQaRepository } from './knowledge-qa.repository.js';

/**
 * The rules of the knowledge-base Q&A page's records: a record is its asker's (and the admins'), a private base
 * its owner's, anything else reads as missing. Answering a record is the answer engine's (its Q&A profile); this
 * finds the question it answers.
 */
@Injectable()
export class KnowledgeQaService {
  constructor(
    private readonly records: KnowledgeQaRepository,
    private readonly knowledge: KnowledgeRepository,
    private readonly models: ModelCatalog,
  ) {}

  /** A question for a knowledge base the caller can read; `modelName` blank or unknown: the default model. */
  async add(kbUuid: string, user: CurrentUser, question: string, modelName: string | null | undefined) {
    const base = await this.knowledge.findBase(kbUuid);
    if (!base || !canRead(base, user)) throw new KnowledgeBaseNotFoundError(kbUuid);
    const name = (modelName ?? '').trim();
    return this.records.create(base, user.id, question, { name, id: this.models.idOf(name) });
  }

  /** The caller's records of a base, most recently changed first; an unknown or unreadable base has none. */
  async search(
    user: CurrentUser,
    query: { kbUuid: string; keyword: string },
    page: number,
    size: number,
  ): Promise<Page<KnowledgeQaEntity>> {
    const base = query.kbUuid === '' ? null : await this.knowledge.findBase(query.kbUuid);
    if (!base || !canRead(base, user)) return { records: [], total: 0, current: page, size, pages: 0 };
    return this.records.search(user, { kbUuid: base.uuid, keyword: query.keyword }, page, size);
  }

  async remove(uuid: string, user: CurrentUser): Promise<void> {
    await this.records.softDelete(await this.readable(uuid, user));
  }

  /** Deletes every record of the caller, in every knowledge base. */
  clear(userId: string): Promise<void> {
    return this.records.clear(userId);
  }

  /** The caller's record; with `sources`, only while its base is still readable, as its references quote it. */
  async readable(uuid: string, user: CurrentUser, sources = false): Promise<KnowledgeQaEntity> {
    const record = await this.records.findReadable(uuid, user);
    if (!record) throw new QaRecordNotFoundError(uuid);
    if (sources) {
      const base = await this.knowledge.findBase(record.kbUuid);
      if (!base || !canRead(base, user)) throw new QaRecordNotFoundError(uuid);
    }
    return record;
  }

  /**
   * The question a record asks, for the answer engine: its base (only while the caller can still read it: a base
   * made private or deleted since the question was added is no longer asked), its text and its model.
   */
  async question(uuid: string, user: CurrentUser): Promise<AnswerQuestion | AppError> {
    const record = await this.records.findReadable(uuid, user);
    const base = record ? await this.knowledge.findBase(record.kbUuid) : null;
    if (!record || !base || !canRead(base, user)) return new QaRecordNotFoundError(uuid);
    const modelName = record.aiModelName.trim();
    return {
      user,
      text: record.question,
      uuid: record.uuid,
      bases: [base],
      ...(modelName ? { modelName } : {}),
      owner: { kind: 'qa-record', recordId: record.id, recordUuid: record.uuid, userId: record.userId },
    };
  }
}
