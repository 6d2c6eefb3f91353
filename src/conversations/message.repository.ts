import { Inject, Injectable } from '@nestjs/common';
import { In, LessThan, type DataSource } from 'typeorm';
import type { CurrentUser } from '../accounts/current-user.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { poolQuery } from '../platform/database/pool-query.js';
import { MessageEntity } from '../platform/database/entities/index.js';

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

  /**
   * The conversation's newest questions (before `beforeQuestionId`, when set), newest first, each with the text
   * of its latest answer that did not fail; questions without one are left out.
   */
  answeredTurns(
    conversationId: string,
    beforeQuestionId: string | null,
    limit: number,
  ): Promise<{ question: string; answer: string }[]> {
    return poolQuery(this.dataSource).rows<{ question: string; answer: string }>(
      `SELECT q."remark" AS "question", a."remark" AS "answer"
         FROM "adi_conversation_message" q
         JOIN LATERAL (
           SELECT "remark" FROM "adi_conversation_message"
            WHERE "parent_message_id" = q."id" AND NOT "is_deleted" AND "answer_status" <> 'failed' AND "remark" <> ''
            ORDER BY "id" DESC LIMIT 1) a ON true
        WHERE q."conversation_id" = $1 AND q."parent_message_id" = 0 AND NOT q."is_deleted"
          AND ($2::bigint IS NULL OR q."id" < $2::bigint)
        ORDER BY q."id" DESC
        LIMIT $3`,
      [conversationId, beforeQuestionId, limit],
      'memory_turns',
    );
  }
}
