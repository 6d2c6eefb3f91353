import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { ConversationEntity, KnowledgeBaseEntity } from '../platform/database/entities/index.js';
import { newUuid } from '../platform/common/ids.js';
import { EntitySelect, entityReader, selectList } from '../platform/database/entity-select.js';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';

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

/** A conversation with the knowledge bases attached to it that still exist. */
export interface ConversationWithBases {
  conversation: ConversationEntity;
  bases: KnowledgeBaseEntity[];
}

/** How many conversations a user may keep, as the legacy server limits them. */
export const MAX_CONVERSATIONS = 50;

@Injectable()
export class ConversationRepository {
  private readonly conversations: Repository<ConversationEntity>;
  /** Every question reads its conversation: one prepared statement text, no query building. */
  private readonly byUuid: EntitySelect<ConversationEntity>;

  private readonly bases: Repository<KnowledgeBaseEntity>;
  private readonly sql: PoolQuery;
  private readonly withBasesSql: string;
  private readonly readConversation: (row: Record<string, unknown>) => ConversationEntity;
  private readonly readBase: (row: Record<string, unknown>) => KnowledgeBaseEntity;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.conversations = dataSource.getRepository(ConversationEntity);
    this.bases = dataSource.getRepository(KnowledgeBaseEntity);
    this.byUuid = new EntitySelect(this.conversations, '"uuid" = $1 AND NOT "is_deleted"');
    this.sql = poolQuery(dataSource);
    this.readConversation = entityReader(this.conversations, 'c.');
    this.readBase = entityReader(this.bases, 'kb.');
    // One row per attached base (one with no base when none is left); its ids that are not numbers (a client's
    // mistake) name none, as `knowledgeBaseIdsOf` and the bases' own look-up read them.
    this.withBasesSql = `
      SELECT ${selectList(this.conversations, 'c', 'c.')}, ${selectList(this.bases, 'kb', 'kb.')}
        FROM "${this.conversations.metadata.tableName}" c
        LEFT JOIN "${this.bases.metadata.tableName}" kb
          ON kb."id" = ANY (ARRAY(SELECT id::bigint FROM unnest(string_to_array(c."kb_ids", ',')) AS id
                                   WHERE id ~ '^[0-9]{1,18}$'))
         AND NOT kb."is_deleted"
       WHERE c."uuid" = $1 AND NOT c."is_deleted"
       ORDER BY kb."id"`;
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

  /**
   * The conversation and its knowledge bases in one statement: what every question reads first, where two
   * look-ups cost two round trips and the server's work for each.
   */
  async findWithBases(uuid: string): Promise<ConversationWithBases | null> {
    const rows = await this.sql.rows<Record<string, unknown>>(this.withBasesSql, [uuid], 'conversation_with_bases');
    if (rows.length === 0) return null;
    return {
      conversation: this.readConversation(rows[0]!),
      bases: rows.filter((row) => row['kb.id'] != null).map(this.readBase),
    };
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
