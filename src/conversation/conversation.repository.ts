import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../database/database.module.js';
import { ConversationEntity } from '../database/entities/index.js';
import { newUuid } from '../common/ids.js';
import { EntitySelect } from '../database/entity-select.js';

/** Fields a client may set on a conversation. */
export interface ConversationFields {
  title?: string;
  remark?: string;
  aiSystemMessage?: string;
  kbIds?: string[];
  understandContextEnable?: boolean;
  answerContentType?: number;
  isAutoplayAnswer?: boolean;
  isEnableThinking?: boolean;
  isEnableWebSearch?: boolean;
}

/** How many conversations a user may keep, as the legacy server limits them. */
export const MAX_CONVERSATIONS = 50;

@Injectable()
export class ConversationRepository {
  private readonly conversations: Repository<ConversationEntity>;
  /** Every question reads its conversation: one prepared statement text, no query building. */
  private readonly byUuid: EntitySelect<ConversationEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.conversations = dataSource.getRepository(ConversationEntity);
    this.byUuid = new EntitySelect(this.conversations, '"uuid" = $1 AND NOT "is_deleted"');
  }

  listByUser(userId: string): Promise<ConversationEntity[]> {
    return this.conversations.find({
      where: { userId, isDeleted: false },
      order: { id: 'DESC' },
      take: MAX_CONVERSATIONS,
    });
  }

  findByUuid(uuid: string): Promise<ConversationEntity | null> {
    return this.byUuid.one([uuid]);
  }

  findByTitle(userId: string, title: string): Promise<ConversationEntity | null> {
    return this.conversations.findOneBy({ userId, title, isDeleted: false });
  }

  async create(userId: string, fields: ConversationFields & { title: string }): Promise<ConversationEntity> {
    return this.conversations.save(this.conversations.create({ uuid: newUuid(), userId, ...toColumns(fields) }));
  }

  async update(conversation: ConversationEntity, fields: ConversationFields): Promise<ConversationEntity> {
    this.conversations.merge(conversation, toColumns(fields));
    return this.conversations.save(conversation);
  }

  async softDelete(conversation: ConversationEntity): Promise<void> {
    await this.conversations.update({ id: conversation.id }, { isDeleted: true });
  }
}

function toColumns(fields: ConversationFields): Partial<ConversationEntity> {
  const { kbIds, ...rest } = fields;
  const columns: Partial<ConversationEntity> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(columns, { [key]: value });
  if (kbIds !== undefined) columns.kbIds = kbIds.join(',');
  return columns;
}

export function knowledgeBaseIdsOf(conversation: ConversationEntity): string[] {
  return conversation.kbIds === '' ? [] : conversation.kbIds.split(',');
}
