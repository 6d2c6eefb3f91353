import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { KnowledgeBaseEntity } from '../platform/database/entities/index.js';

/** Stars on knowledge bases, and the public listing they rank. */
@Injectable()
export class KnowledgeStarRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Flips the user's star and moves the base's `star_count` with it, in one transaction: the first star inserts
   * the row, later toggles flip `is_deleted`, and the count is changed by an update, not read and written back.
   * Returns whether the base is starred now.
   */
  async toggle(base: KnowledgeBaseEntity, userId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { is_deleted: boolean }[] = await manager.query(
        `INSERT INTO "adi_knowledge_base_star" ("kb_id", "kb_uuid", "user_id") VALUES ($1, $2, $3)
         ON CONFLICT ("kb_id", "user_id")
         DO UPDATE SET "is_deleted" = NOT "adi_knowledge_base_star"."is_deleted", "update_time" = now()
         RETURNING "is_deleted"`,
        [base.id, base.uuid, userId],
      );
      const starred = rows[0]?.is_deleted === false;
      await manager.query(
        `UPDATE "adi_knowledge_base" SET "star_count" = greatest("star_count" + $2, 0) WHERE "id" = $1`,
        [base.id, starred ? 1 : -1],
      );
      return starred;
    });
  }

  /** The user's stars on live bases they may still read, newest first. */
  async mine(
    userId: string,
    page: number,
    size: number,
  ): Promise<{ rows: { kbUuid: string; kbTitle: string }[]; total: number }> {
    const readable = `FROM "adi_knowledge_base_star" star
      JOIN "adi_knowledge_base" kb ON kb."id" = star."kb_id" AND kb."is_deleted" = false
      WHERE star."user_id" = $1 AND star."is_deleted" = false AND (kb."is_public" OR kb."owner_id" = $1)`;
    const rows: { kbUuid: string; kbTitle: string }[] = await this.dataSource.query(
      `SELECT kb."uuid" AS "kbUuid", kb."title" AS "kbTitle" ${readable} ORDER BY star."id" DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    );
    const counts: { total: string }[] = await this.dataSource.query(`SELECT count(*) AS "total" ${readable}`, [userId]);
    return { rows, total: Number(counts[0]?.total ?? 0) };
  }

  /** Public, live bases whose title contains `keyword`: most starred first, then the most recently changed. */
  async searchPublic(keyword: string, page: number, size: number): Promise<[KnowledgeBaseEntity[], number]> {
    const builder = this.dataSource
      .getRepository(KnowledgeBaseEntity)
      .createQueryBuilder('kb')
      .where('kb.is_deleted = false AND kb.is_public = true');
    if (keyword !== '') builder.andWhere('kb.title ILIKE :keyword', { keyword: `%${keyword}%` });
    return builder
      .orderBy('kb.star_count', 'DESC')
      .addOrderBy('kb.update_time', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
  }
}
