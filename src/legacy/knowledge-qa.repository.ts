import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import type { CurrentUser } from '../accounts/current-user.js';
import { newUuid } from '../platform/common/ids.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { KnowledgeQaEntity, type KnowledgeBaseEntity } from '../platform/database/entities/index.js';
import type { Page } from '../knowledge/knowledge.repository.js';

/** Q&A records of knowledge bases: their owner's (and the admins'); anyone else's read as missing. */
@Injectable()
export class KnowledgeQaRepository {
  private readonly records: Repository<KnowledgeQaEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.records = dataSource.getRepository(KnowledgeQaEntity);
  }

  create(
    base: KnowledgeBaseEntity,
    userId: string,
    question: string,
    model: { name: string; id: string },
  ): Promise<KnowledgeQaEntity> {
    return this.records.save(
      this.records.create({
        uuid: newUuid(),
        kbId: base.id,
        kbUuid: base.uuid,
        question,
        userId,
        aiModelName: model.name,
        aiModelId: model.id,
      }),
    );
  }

  async findReadable(uuid: string, user: CurrentUser): Promise<KnowledgeQaEntity | null> {
    const record = await this.records.findOneBy({ uuid, isDeleted: false });
    return record && (record.userId === user.id || user.isAdmin) ? record : null;
  }

  /** The user's records of one knowledge base (an admin: everyone's), most recently changed first. */
  async search(
    user: CurrentUser,
    query: { kbUuid: string; keyword: string },
    page: number,
    size: number,
  ): Promise<Page<KnowledgeQaEntity>> {
    const builder = this.records
      .createQueryBuilder('qa')
      .where('qa.kb_uuid = :kbUuid AND qa.is_deleted = false', { kbUuid: query.kbUuid });
    if (!user.isAdmin) builder.andWhere('qa.user_id = :userId', { userId: user.id });
    if (query.keyword !== '') builder.andWhere('qa.question ILIKE :keyword', { keyword: `%${query.keyword}%` });
    const [records, total] = await builder
      .orderBy('qa.update_time', 'DESC')
      .addOrderBy('qa.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
    return { records, total, current: page, size, pages: Math.ceil(total / size) };
  }

  async softDelete(record: KnowledgeQaEntity): Promise<void> {
    await this.records.update({ id: record.id }, { isDeleted: true });
  }

  /** Every record of the user, in every knowledge base, as the legacy 清除历史记录 does. */
  async clear(userId: string): Promise<void> {
    await this.records.update({ userId, isDeleted: false }, { isDeleted: true });
  }
}
