import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';

interface QualityRow {
  answers: number;
  paragraphMode: number;
  fallbacks: number;
  paragraphs: number;
  uncited: number;
  dropped: number;
}

interface TrustRow {
  model: string;
  day: string;
  answers: number;
  verifiedCitations: number;
  unverifiedCitations: number;
  contradictedCitations: number;
  illegalIds: number;
  paragraphs: number;
  verifiedParagraphs: number;
  contradictedParagraphs: number;
  refusals: number;
  inferredAnswers: number;
  truncatedAnswers: number;
}

const COUNTS = [
  'answers',
  'verifiedCitations',
  'unverifiedCitations',
  'contradictedCitations',
  'illegalIds',
  'paragraphs',
  'verifiedParagraphs',
  'contradictedParagraphs',
  'refusals',
  'inferredAnswers',
  'truncatedAnswers',
] as const;

function emptyRow(): TrustRow {
  return {
    model: '',
    day: '',
    ...(Object.fromEntries(COUNTS.map((key) => [key, 0])) as Record<(typeof COUNTS)[number], number>),
  };
}

function addRows(sum: TrustRow | undefined, row: TrustRow): TrustRow {
  const result = { ...(sum ?? emptyRow()) };
  for (const key of COUNTS) result[key] += row[key];
  return result;
}

function trustFigures(row: TrustRow) {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  const judged = row.verifiedCitations + row.unverifiedCitations + row.contradictedCitations;
  const verifiedShare = share(row.verifiedCitations, judged);
  const verifiedParagraphShare = share(row.verifiedParagraphs, row.paragraphs);
  return {
    answers: row.answers,
    verifiedCitations: row.verifiedCitations,
    unverifiedCitations: row.unverifiedCitations,
    contradictedCitations: row.contradictedCitations,
    verifiedShare,
    contradictedShare: share(row.contradictedCitations, judged),
    verifiedParagraphs: row.verifiedParagraphs,
    contradictedParagraphs: row.contradictedParagraphs,
    verifiedParagraphShare,
    contradictedParagraphShare: share(row.contradictedParagraphs, row.paragraphs),
    // Older names, kept for existing dashboards.
    supportRate: verifiedShare,
    supportedParagraphShare: verifiedParagraphShare,
    unsupportedCitations: row.contradictedCitations,
    illegalIds: row.illegalIds,
    refusals: row.refusals,
    inferredAnswers: row.inferredAnswers,
    truncatedAnswers: row.truncatedAnswers,
  };
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
              p."citation_ids_json" AS "citationIdsJson", p."created_at" AS "createdAt",
              -- A paragraph stored before there were three verdicts says only whether it was supported.
              coalesce(p."support_verdict", CASE WHEN p."is_supported" THEN 'verified'
                                                 WHEN NOT p."is_supported" THEN 'unverified' END) AS "verdict"
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
    const trust = await this.trustBreakdown(from, to);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      answers: row.answers,
      paragraphModeShare: share(row.paragraphMode, row.answers),
      fallbackRate: share(row.fallbacks, row.answers),
      droppedIdRate: share(row.dropped, row.dropped + kept.citations),
      uncitedParagraphShare: share(row.uncited, row.paragraphs),
      meanParagraphsPerAnswer: share(row.paragraphs, row.answers),
      ...trust,
    };
  }

  /**
   * What the support check found, over answers created in [from, to): in total, per model and per day (UTC).
   * Citations by verdict, and the verified and contradicted shares of the judged ones; `illegalIds` the ids
   * dropped as not offered. Verified and unverified citations are counted from the citation rows, where a row
   * stored before there were three verdicts says 'supported' (verified) or 'unsupported' (unverified: the older
   * check could not tell a contradiction). Contradicted ones are counted on the answer, which counts those the
   * drop policy took out too: they are not stored as citations. Verified paragraphs are read from
   * `supported_paragraph_count`, which answers of both kinds hold.
   */
  private async trustBreakdown(from: Date, to: Date) {
    const rows: TrustRow[] = await this.dataSource.query(
      `WITH answers AS (
         SELECT m."id", coalesce(nullif(m."ai_model_platform", ''), 'unknown') AS "model",
                to_char(m."create_time" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day",
                m."dropped_citation_count", m."contradicted_citation_count", m."supported_paragraph_count",
                m."contradicted_paragraph_count",
                m."inferred_paragraph_count", m."is_refused", m."is_truncated", m."paragraph_count"
           FROM "adi_conversation_message" m
          WHERE m."message_role" = 3 AND m."is_deleted" = false AND m."create_time" >= $1 AND m."create_time" < $2),
       checked AS (
         SELECT c."message_id",
                count(*) FILTER (WHERE c."support_verdict" IN ('verified', 'supported'))::int AS "verified",
                count(*) FILTER (WHERE c."support_verdict" IN ('unverified', 'unsupported'))::int AS "unverified"
           FROM "adi_conversation_message_citation" c JOIN answers a ON a."id" = c."message_id"
          GROUP BY c."message_id")
       SELECT a."model", a."day", count(*)::int AS "answers",
              coalesce(sum(k."verified"), 0)::int AS "verifiedCitations",
              coalesce(sum(k."unverified"), 0)::int AS "unverifiedCitations",
              sum(a."contradicted_citation_count")::int AS "contradictedCitations",
              sum(a."dropped_citation_count")::int AS "illegalIds",
              sum(a."paragraph_count")::int AS "paragraphs",
              sum(a."supported_paragraph_count")::int AS "verifiedParagraphs",
              sum(a."contradicted_paragraph_count")::int AS "contradictedParagraphs",
              count(*) FILTER (WHERE a."is_refused")::int AS "refusals",
              count(*) FILTER (WHERE a."inferred_paragraph_count" > 0)::int AS "inferredAnswers",
              count(*) FILTER (WHERE a."is_truncated")::int AS "truncatedAnswers"
         FROM answers a LEFT JOIN checked k ON k."message_id" = a."id"
        GROUP BY a."model", a."day"
        ORDER BY a."day", a."model"`,
      [from, to],
    );
    const groups = (key: (row: TrustRow) => string) => {
      const sums = new Map<string, TrustRow>();
      for (const row of rows) sums.set(key(row), addRows(sums.get(key(row)), row));
      return [...sums].map(([name, sum]) => ({ name, ...trustFigures(sum) }));
    };
    const total = rows.reduce<TrustRow | undefined>((sum, row) => addRows(sum, row), undefined);
    return {
      trust: total ? trustFigures(total) : trustFigures(emptyRow()),
      byModel: groups((row) => row.model).map(({ name, ...figures }) => ({ model: name, ...figures })),
      byDay: groups((row) => row.day).map(({ name, ...figures }) => ({ day: name, ...figures })),
    };
  }
}
