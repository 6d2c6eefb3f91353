import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import type { CurrentUser } from '../auth/current-user.js';
import type { CitationParagraph, CitationRef } from '../citation/citation-events.js';
import { newUuid } from '../common/ids.js';
import {
  CITATION_RECORD,
  citationRows,
  embeddingRefRows,
  PARAGRAPH_RECORD,
  REF_RECORD,
} from '../conversation/citation-columns.js';
import { StorageFailedError } from '../conversation/conversation-errors.js';
import { DATA_SOURCE } from '../database/database.module.js';
import {
  KnowledgeQaCitationEntity,
  KnowledgeQaCitationRefEntity,
  KnowledgeQaEntity,
  KnowledgeQaParagraphEntity,
  KnowledgeQaRefEmbeddingEntity,
  KnowledgeQaRefGraphEntity,
  type KnowledgeBaseEntity,
} from '../database/entities/index.js';
import type { QaAnswerStatus } from '../database/entities/knowledge-qa.entity.js';
import type { Page } from '../knowledge/knowledge.repository.js';
import type { RetrievalResult } from '../knowledge/retrieval-port.js';

/** A Q&A answer as it is kept: what the reader was shown, and what it was drawn from. */
export interface QaAnswerRecord {
  recordId: string;
  userId: string;
  question: string;
  status: Exclude<QaAnswerStatus, ''>;
  /** The legacy answer text the reader was shown. */
  answerText: string;
  citationMode: 'paragraph' | 'answer';
  hasCitationError: boolean;
  paragraphs: readonly CitationParagraph[];
  refs: readonly CitationRef[];
  retrieval: RetrievalResult | undefined;
  promptTokens: number;
  answerTokens: number;
}

/**
 * An answer in one statement: the record's answer columns, and its paragraphs, cited sources and whole-answer
 * references, replacing those of an earlier answer to the same record. Atomic by itself: all of it, or none.
 */
const SAVE_ANSWER = `
WITH input AS (SELECT $1::jsonb AS j),
saved AS (
  UPDATE "adi_knowledge_base_qa" SET
    "prompt" = j->>'question', "answer" = j->>'answerText', "prompt_tokens" = (j->>'promptTokens')::int,
    "answer_tokens" = (j->>'answerTokens')::int, "answer_status" = j->>'status', "citation_mode" = j->>'citationMode',
    "has_citation_error" = (j->>'hasCitationError')::boolean, "update_time" = now()
  FROM input WHERE "id" = (j->>'recordId')::bigint
  RETURNING "adi_knowledge_base_qa"."id"),
old_paragraphs AS (
  DELETE FROM "adi_knowledge_base_qa_citation_paragraph" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_citations AS (
  DELETE FROM "adi_knowledge_base_qa_citation" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_refs AS (
  DELETE FROM "adi_knowledge_base_qa_citation_ref" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_embedding_refs AS (
  DELETE FROM "adi_knowledge_base_qa_ref_embedding" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_graph_refs AS (
  DELETE FROM "adi_knowledge_base_qa_ref_graph" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
paragraphs AS (
  INSERT INTO "adi_knowledge_base_qa_citation_paragraph"
    ("qa_record_id", "paragraph_index", "text", "citation_ids_json", "support_verdict", "is_supported",
     "is_inferred")
  SELECT saved."id", p."paragraphIndex", p."text", p."citationIdsJson", p."verdict", p."supported",
         coalesce(p."inferred", false)
    FROM saved, input, jsonb_to_recordset(j->'paragraphs')
      AS ${PARAGRAPH_RECORD}
  RETURNING 1),
citations AS (
  INSERT INTO "adi_knowledge_base_qa_citation"
    ("qa_record_id", "paragraph_index", "citation_id", "display_number", "citation_type", "source_id", "support_score",
     "support_verdict", "support_evidence", "quote_text", "quote_start", "quote_end")
  SELECT saved."id", c."paragraphIndex", c."citationId", c."displayNumber", c."citationType", c."sourceId",
         c."supportScore", c."supportVerdict", c."supportEvidence", c."quoteText", c."quoteStart", c."quoteEnd"
    FROM saved, input, jsonb_to_recordset(j->'citations')
      AS ${CITATION_RECORD}
  RETURNING 1),
refs AS (
  INSERT INTO "adi_knowledge_base_qa_citation_ref"
    ("qa_record_id", "citation_id", "display_number", "citation_type", "source_id", "payload_json")
  SELECT saved."id", r."citationId", r."displayNumber", r."citationType", r."sourceId", r."payloadJson"
    FROM saved, input, jsonb_to_recordset(j->'refs')
      AS ${REF_RECORD}
  RETURNING 1),
embedding_refs AS (
  INSERT INTO "adi_knowledge_base_qa_ref_embedding" ("qa_record_id", "embedding_id", "score", "chunk_text", "user_id")
  SELECT saved."id", e."embeddingId", e."score", e."chunkText", (j->>'userId')::bigint
    FROM saved, input, jsonb_to_recordset(j->'embeddingRefs') AS e("embeddingId" text, "score" numeric, "chunkText" text)
  RETURNING 1),
graph_refs AS (
  INSERT INTO "adi_knowledge_base_qa_ref_graph" ("qa_record_id", "entities_from_question", "graph_from_store", "user_id")
  SELECT saved."id", j->>'entitiesFromQuestion', j->>'graphFromStore', (j->>'userId')::bigint
    FROM saved, input
  RETURNING 1)
SELECT (SELECT "id" FROM saved) AS "id"`;

/** Q&A records of knowledge bases: their owner's (and the admins'); anyone else's read as missing. */
@Injectable()
export class KnowledgeQaRepository {
  private readonly records: Repository<KnowledgeQaEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
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

  embeddingRefs(recordId: string): Promise<KnowledgeQaRefEmbeddingEntity[]> {
    return this.dataSource
      .getRepository(KnowledgeQaRefEmbeddingEntity)
      .find({ where: { qaRecordId: recordId }, order: { id: 'ASC' } });
  }

  graphRef(recordId: string): Promise<KnowledgeQaRefGraphEntity | null> {
    return this.dataSource
      .getRepository(KnowledgeQaRefGraphEntity)
      .findOne({ where: { qaRecordId: recordId }, order: { id: 'ASC' } });
  }

  async citationView(recordId: string) {
    const [paragraphs, refs, citations] = await Promise.all([
      this.dataSource
        .getRepository(KnowledgeQaParagraphEntity)
        .find({ where: { qaRecordId: recordId }, order: { paragraphIndex: 'ASC' } }),
      this.dataSource
        .getRepository(KnowledgeQaCitationRefEntity)
        .find({ where: { qaRecordId: recordId }, order: { displayNumber: 'ASC' } }),
      this.dataSource
        .getRepository(KnowledgeQaCitationEntity)
        .find({ where: { qaRecordId: recordId }, order: { paragraphIndex: 'ASC', id: 'ASC' } }),
    ]);
    return { paragraphs, refs, citations };
  }

  async saveAnswer(answer: QaAnswerRecord): Promise<void> {
    try {
      await this.dataSource.query(SAVE_ANSWER, [JSON.stringify(toRows(answer))]);
    } catch (error) {
      throw new StorageFailedError(error);
    }
  }
}

function toRows(answer: QaAnswerRecord) {
  const graph = answer.retrieval?.graph ?? [];
  return {
    recordId: answer.recordId,
    userId: answer.userId,
    question: answer.question,
    answerText: answer.answerText,
    status: answer.status,
    citationMode: answer.citationMode,
    hasCitationError: answer.hasCitationError,
    promptTokens: answer.promptTokens,
    answerTokens: answer.answerTokens,
    // The same rows as a conversation answer's (the model verifier's columns, which the Q&A page does not use,
    // are left out by the statement).
    ...citationRows(answer.paragraphs, answer.refs),
    embeddingRefs: embeddingRefRows(answer.retrieval),
    // The legacy table keeps the entities comma-separated, and one row even when the graph found nothing.
    entitiesFromQuestion: (answer.retrieval?.entitiesFromQuestion ?? []).join(','),
    graphFromStore: JSON.stringify({
      vertices: graph.filter((fact) => fact.kind === 'vertex'),
      edges: graph.filter((fact) => fact.kind === 'edge'),
    }),
  };
}
