import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { MESSAGE_ROLE } from '../platform/database/entities/message.entity.js';

/** What a user has used: questions asked and model tokens spent, today and this calendar month. */
export interface Usage {
  requestsToday: number;
  requestsThisMonth: number;
  tokensToday: number;
  tokensThisMonth: number;
}

/**
 * Usage counted from the stored messages, deleted ones included (deleting a message does not give back what it
 * cost). Every answer is one request to the model, a regenerated one too. A question row holds the total tokens
 * of its first answer's exchange; a regenerated answer adds its own completion tokens. Days and months follow
 * the database session's time zone.
 */
@Injectable()
export class UsageRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async usageOf(userId: string): Promise<Usage> {
    const rows: Record<keyof Usage, string | number>[] = await this.dataSource.query(
      `WITH month AS (
         SELECT "message_role", "create_time", "tokens",
                row_number() OVER (PARTITION BY "parent_message_id" ORDER BY "id") AS "answerNumber"
           FROM "adi_conversation_message"
          WHERE "user_id" = $1 AND "create_time" >= date_trunc('month', now())),
       costs AS (
         SELECT "create_time", "message_role" = $3 AS "isAnswer",
                CASE WHEN "message_role" = $2 OR "answerNumber" > 1 THEN "tokens" ELSE 0 END AS "cost"
           FROM month)
       SELECT
         count(*) FILTER (WHERE "isAnswer" AND "create_time" >= date_trunc('day', now())) AS "requestsToday",
         count(*) FILTER (WHERE "isAnswer") AS "requestsThisMonth",
         coalesce(sum("cost") FILTER (WHERE "create_time" >= date_trunc('day', now())), 0) AS "tokensToday",
         coalesce(sum("cost"), 0) AS "tokensThisMonth"
       FROM costs`,
      [userId, MESSAGE_ROLE.user, MESSAGE_ROLE.assistant],
    );
    const row = rows[0];
    return {
      requestsToday: Number(row?.requestsToday ?? 0),
      requestsThisMonth: Number(row?.requestsThisMonth ?? 0),
      tokensToday: Number(row?.tokensToday ?? 0),
      tokensThisMonth: Number(row?.tokensThisMonth ?? 0),
    };
  }
}
