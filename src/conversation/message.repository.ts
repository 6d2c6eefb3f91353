import { Inject, Injectable } from '@nestjs/common';
import { In, LessThan, type DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user.js';
import { DATA_SOURCE } from '../database/database.module.js';
import {
  CitationEntity,
  CitationParagraphEntity,
  CitationRefEntity,
  MessageEntity,
  RefEmbeddingEntity,
  RefGraphEntity,
} from '../database/entities/index.js';

/** What is stored of one answer's citations. */
export interface StoredCitationView {
  paragraphs: CitationParagraphEntity[];
  refs: CitationRefEntity[];
  citations: CitationEntity[];
}

@Injectable()
export class MessageRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /** A message the user may read (their own; any, for an admin), or null: someone else's reads as missing. */
  async findReadable(uuid: string, user: CurrentUser): Promise<MessageEntity | null> {
    const message = await this.dataSource.getRepository(MessageEntity).findOneBy({ uuid, isDeleted: false });
    return message && (message.userId === user.id || user.isAdmin) ? message : null;
  }

  /** The answers among `uuids` the user may read, as {@link findReadable} decides for one. */
  async findReadableAnswers(uuids: readonly string[], user: CurrentUser): Promise<MessageEntity[]> {
    const messages = await this.dataSource
      .getRepository(MessageEntity)
      .findBy({ uuid: In([...uuids]), isDeleted: false });
    return messages.filter(
      (message) => message.parentMessageId !== '0' && (message.userId === user.id || user.isAdmin),
    );
  }

  /** Up to `pageSize` questions older than `before` (newest first), each with its answers. */
  async historyPage(conversationId: string, beforeId: string | undefined, pageSize: number) {
    const messages = this.dataSource.getRepository(MessageEntity);
    const questions = await messages.find({
      where: {
        conversationId,
        parentMessageId: '0',
        isDeleted: false,
        ...(beforeId ? { id: LessThan(beforeId) } : {}),
      },
      order: { id: 'DESC' },
      take: pageSize,
    });
    const answers =
      questions.length === 0
        ? []
        : await messages.find({
            where: { parentMessageId: In(questions.map((question) => question.id)), isDeleted: false },
            order: { createTime: 'DESC' },
          });
    return questions.map((question) => ({
      question,
      answers: answers.filter((answer) => answer.parentMessageId === question.id),
    }));
  }

  embeddingRefs(messageId: string): Promise<RefEmbeddingEntity[]> {
    return this.dataSource.getRepository(RefEmbeddingEntity).find({ where: { messageId }, order: { id: 'ASC' } });
  }

  graphRef(messageId: string): Promise<RefGraphEntity | null> {
    return this.dataSource.getRepository(RefGraphEntity).findOneBy({ messageId });
  }

  async citationView(messageId: string): Promise<StoredCitationView> {
    return (await this.citationViews([messageId])).get(messageId)!;
  }

  /** The stored paragraphs, sources and citations of several answers, three queries for all of them. */
  async citationViews(messageIds: readonly string[]): Promise<Map<string, StoredCitationView>> {
    if (messageIds.length === 0) return new Map();
    const messageId = In([...messageIds]);
    const [paragraphs, refs, citations] = await Promise.all([
      this.dataSource
        .getRepository(CitationParagraphEntity)
        .find({ where: { messageId }, order: { paragraphIndex: 'ASC' } }),
      this.dataSource.getRepository(CitationRefEntity).find({ where: { messageId }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(CitationEntity).find({ where: { messageId }, order: { id: 'ASC' } }),
    ]);
    const of = <T extends { messageId: string }>(rows: T[], id: string) => rows.filter((row) => row.messageId === id);
    return new Map(
      messageIds.map((id) => [
        id,
        { paragraphs: of(paragraphs, id), refs: of(refs, id), citations: of(citations, id) },
      ]),
    );
  }
}
