import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../database/database.module.js';

interface QualityRow {
  answers: number;
  paragraphMode: number;
  fallbacks: number;
  paragraphs: number;
  uncited: number;
  dropped: number;
}

export interface ParagraphFilter {
  answerUuid?: string;
  conversationUuid?: string;
  sourceId?: string;
  citationId?: string;
  hasCitationError?: boolean;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** Admin queries over the stored paragraphs and citations; plain SQL that PostgreSQL 15 and PGlite both run. */
@Injectable()
export class AdminRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async paragraphs(filter: ParagraphFilter) {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.answerUuid) where.push(`m."uuid" = ${param(filter.answerUuid)}`);
    if (filter.conversationUuid) where.push(`m."conversation_uuid" = ${param(filter.conversationUuid)}`);
    if (filter.hasCitationError !== undefined) where.push(`m."has_citation_error" = ${param(filter.hasCitationError)}`);
    if (filter.from) where.push(`p."created_at" >= ${param(filter.from)}`);
    if (filter.to) where.push(`p."created_at" < ${param(filter.to)}`);
    if (filter.sourceId || filter.citationId) {
      const conditions = [
        ...(filter.sourceId ? [`c."source_id" = ${param(filter.sourceId)}`] : []),
        ...(filter.citationId ? [`c."citation_id" = ${param(filter.citationId)}`] : []),
      ];
      where.push(`EXISTS (SELECT 1 FROM "adi_conversation_message_citation" c
        WHERE c."message_id" = p."message_id" AND c."paragraph_index" = p."paragraph_index" AND ${conditions.join(' AND ')})`);
    }
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const from = `FROM "adi_conversation_message_citation_paragraph" p JOIN "adi_conversation_message" m ON m."id" = p."message_id"`;
    const [{ total }] = await this.dataSource.query<[{ total: number }]>(
      `SELECT count(*)::int AS "total" ${from} ${whereSql}`,
      params,
    );
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT m."uuid" AS "answerUuid", m."conversation_uuid" AS "conversationUuid", m."has_citation_error" AS "hasCitationError",
              m."answer_status" AS "answerStatus", p."paragraph_index" AS "paragraphIndex", p."text",
              p."citation_ids_json" AS "citationIdsJson", p."created_at" AS "createdAt"
         ${from} ${whereSql}
        ORDER BY p."created_at" DESC, p."message_id" DESC, p."paragraph_index" ASC
        LIMIT ${param(filter.pageSize)} OFFSET ${param((filter.page - 1) * filter.pageSize)}`,
      params,
    );
    return {
      total,
      current: filter.page,
      size: filter.pageSize,
      records: rows.map(({ citationIdsJson, ...row }) => ({
        ...row,
        citationIds: JSON.parse(String(citationIdsJson)) as string[],
      })),
    };
  }

  /** Citation quality over answers created in [from, to). */
  async quality(from: Date, to: Date) {
    const [row] = await this.dataSource.query<[QualityRow]>(
      `SELECT count(*)::int AS "answers",
              count(*) FILTER (WHERE "citation_mode" = 'paragraph')::int AS "paragraphMode",
              count(*) FILTER (WHERE "has_citation_error")::int AS "fallbacks",
              coalesce(sum("paragraph_count"), 0)::int AS "paragraphs",
              coalesce(sum("uncited_paragraph_count"), 0)::int AS "uncited",
              coalesce(sum("dropped_citation_count"), 0)::int AS "dropped"
         FROM "adi_conversation_message"
        WHERE "message_role" = 3 AND "is_deleted" = false AND "create_time" >= $1 AND "create_time" < $2`,
      [from, to],
    );
    const [kept] = await this.dataSource.query<[{ citations: number }]>(
      `SELECT count(*)::int AS "citations"
         FROM "adi_conversation_message_citation" c JOIN "adi_conversation_message" m ON m."id" = c."message_id"
        WHERE m."create_time" >= $1 AND m."create_time" < $2`,
      [from, to],
    );
    const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      answers: row.answers,
      paragraphModeShare: share(row.paragraphMode, row.answers),
      fallbackRate: share(row.fallbacks, row.answers),
      droppedIdRate: share(row.dropped, row.dropped + kept.citations),
      uncitedParagraphShare: share(row.uncited, row.paragraphs),
      meanParagraphsPerAnswer: share(row.paragraphs, row.answers),
    };
  }
}
