import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { newUuid } from '../platform/common/ids.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { ConversationPresetEntity, ConversationPresetRelEntity } from '../platform/database/entities/index.js';

export interface PresetFields {
  title: string;
  remark: string;
  aiSystemMessage: string;
}

@Injectable()
export class PresetRepository {
  private readonly presets: Repository<ConversationPresetEntity>;
  private readonly relations: Repository<ConversationPresetRelEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.presets = dataSource.getRepository(ConversationPresetEntity);
    this.relations = dataSource.getRepository(ConversationPresetRelEntity);
  }

  /** Live presets, newest change first, optionally those whose title contains `title`. */
  async search(title: string, page: number, size: number): Promise<[ConversationPresetEntity[], number]> {
    const builder = this.presets.createQueryBuilder('preset').where('preset.is_deleted = false');
    if (title !== '') builder.andWhere('preset.title ILIKE :title', { title: `%${title}%` });
    return builder
      .orderBy('preset.update_time', 'DESC')
      .addOrderBy('preset.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
  }

  findByUuid(uuid: string): Promise<ConversationPresetEntity | null> {
    return this.presets.findOneBy({ uuid, isDeleted: false });
  }

  create(fields: PresetFields): Promise<ConversationPresetEntity> {
    return this.presets.save(this.presets.create({ ...fields, uuid: newUuid() }));
  }

  async softDelete(preset: ConversationPresetEntity): Promise<void> {
    await this.presets.update({ id: preset.id }, { isDeleted: true });
  }

  /** The user's relations whose conversation still exists: deleting the conversation ends the relation. */
  liveRelations(userId: string, limit: number): Promise<ConversationPresetRelEntity[]> {
    return this.relations
      .createQueryBuilder('rel')
      .innerJoin('adi_conversation', 'conv', 'conv.id = rel.user_conv_id AND conv.is_deleted = false')
      .where('rel.user_id = :userId AND rel.is_deleted = false', { userId })
      .orderBy('rel.id', 'DESC')
      .take(limit)
      .getMany();
  }

  /** The user's live conversation started from this preset, if any. */
  async liveConversationId(userId: string, presetId: string): Promise<string | undefined> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT conv."id" FROM "adi_conversation_preset_rel" rel
       JOIN "adi_conversation" conv ON conv."id" = rel."user_conv_id" AND conv."is_deleted" = false
       WHERE rel."user_id" = $1 AND rel."preset_conv_id" = $2 AND rel."is_deleted" = false
       ORDER BY rel."id" DESC LIMIT 1`,
      [userId, presetId],
    );
    return rows[0] ? String(rows[0].id) : undefined;
  }

  async relate(userId: string, presetId: string, conversationId: string): Promise<void> {
    await this.relations.insert({ userId, presetConvId: presetId, userConvId: conversationId });
  }
}
