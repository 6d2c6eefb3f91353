import { Inject, Injectable } from '@nestjs/common';
import { In, type DataSource } from 'typeorm';
import type { CitationParagraph, CitationRef, CitationVerdict } from '../citation/citation-events.js';
import type { NumberingSeed } from '../citation/numbering.js';
import { StorageFailedError } from './answer-errors.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import {
  CitationEntity,
  CitationParagraphEntity,
  CitationRefEntity,
  KnowledgeQaRefEmbeddingEntity,
  KnowledgeQaRefGraphEntity,
  RefEmbeddingEntity,
  RefGraphEntity,
} from '../platform/database/entities/index.js';
import type { QaAnswerStatus } from '../platform/database/entities/knowledge-qa.entity.js';
import { poolQuery } from '../platform/database/pool-query.js';
import type { RetrievalResult } from '../knowledge/retrieval-port.js';
import { citationRowInserts, citationRows, embeddingRefRows } from './citation-columns.js';

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
  verdicts: readonly CitationVerdict[];
  retrieval: RetrievalResult | undefined;
  promptTokens: number;
  answerTokens: number;
}

/** The answer whose citation rows are read: a conversation's answer message, or a Q&A record. */
export type CitationOwner = { messageId: string } | { qaRecordId: string };

/** What is stored of one answer's citations. */
export interface StoredCitationView {
  paragraphs: CitationParagraphEntity[];
  refs: CitationRefEntity[];
  citations: CitationEntity[];
}

/**
 * A Q&A answer in one statement: the record's answer columns, and its paragraphs, citations and cited sources
 * (in the citation tables a conversation's answers use, by `qa_record_id`) and whole-answer references,
 * replacing those of an earlier answer to the same record. Atomic by itself: all of it, or none.
 */
const SAVE_QA_ANSWER = `
WITH input AS (SELECT $1::jsonb AS j),
saved AS (
  UPDATE "adi_knowledge_base_qa" SET
    "prompt" = j->>'question', "answer" = j->>'answerText', "prompt_tokens" = (j->>'promptTokens')::int,
    "answer_tokens" = (j->>'answerTokens')::int, "answer_status" = j->>'status', "citation_mode" = j->>'citationMode',
    "has_citation_error" = (j->>'hasCitationError')::boolean, "update_time" = now()
  FROM input WHERE "id" = (j->>'recordId')::bigint
  RETURNING "adi_knowledge_base_qa"."id"),
old_paragraphs AS (
  DELETE FROM "adi_conversation_message_citation_paragraph" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_citations AS (
  DELETE FROM "adi_conversation_message_citation" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_refs AS (
  DELETE FROM "adi_conversation_message_citation_ref" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_embedding_refs AS (
  DELETE FROM "adi_knowledge_base_qa_ref_embedding" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
old_graph_refs AS (
  DELETE FROM "adi_knowledge_base_qa_ref_graph" WHERE "qa_record_id" IN (SELECT "id" FROM saved) RETURNING 1),
${citationRowInserts('qa_record_id', 'saved')},
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

/**
 * The stored answers' citations and references, for both kinds of answer: a Q&A answer saved whole, the citation
 * rows read back, and the display numbers a conversation has given its sources. (A conversation's answer is
 * written by its journal, whose statements use the same tables and rows.)
 */
@Injectable()
export class AnswerRecords {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async saveQaAnswer(answer: QaAnswerRecord): Promise<void> {
    try {
      await this.dataSource.query(SAVE_QA_ANSWER, [JSON.stringify(qaAnswerRows(answer))]);
    } catch (error) {
      throw new StorageFailedError(error);
    }
  }

  /** The display number each source was given in the conversation's stored answers. */
  async numberingSeed(conversationId: string): Promise<NumberingSeed> {
    const rows = await poolQuery(this.dataSource).rows<{ sourceId: string; displayNumber: number }>(
      `SELECT r."source_id" AS "sourceId", min(r."display_number")::int AS "displayNumber"
         FROM "adi_conversation_message_citation_ref" r
         JOIN "adi_conversation_message" m ON m."id" = r."message_id"
        WHERE m."conversation_id" = $1 AND m."is_deleted" = false
        GROUP BY r."source_id"`,
      [conversationId],
      'numbering_seed',
    );
    return new Map(rows.map((row) => [row.sourceId, row.displayNumber]));
  }

  /**
   * The stored paragraphs, sources and citations of one Q&A record's answer. Its sources read in their display
   * order, and its citations by paragraph, as the Q&A page always read them.
   */
  async qaCitationView(qaRecordId: string): Promise<StoredCitationView> {
    const [paragraphs, refs, citations] = await Promise.all([
      this.dataSource
        .getRepository(CitationParagraphEntity)
        .find({ where: { qaRecordId }, order: { paragraphIndex: 'ASC' } }),
      this.dataSource
        .getRepository(CitationRefEntity)
        .find({ where: { qaRecordId }, order: { displayNumber: 'ASC', id: 'ASC' } }),
      this.dataSource
        .getRepository(CitationEntity)
        .find({ where: { qaRecordId }, order: { paragraphIndex: 'ASC', id: 'ASC' } }),
    ]);
    return { paragraphs, refs, citations };
  }

  /** The stored paragraphs, sources and citations of several answer messages, three queries for all of them. */
  async messageCitationViews(messageIds: readonly string[]): Promise<Map<string, StoredCitationView>> {
    if (messageIds.length === 0) return new Map();
    const messageId = In([...messageIds]);
    const [paragraphs, refs, citations] = await Promise.all([
      this.dataSource
        .getRepository(CitationParagraphEntity)
        .find({ where: { messageId }, order: { paragraphIndex: 'ASC' } }),
      this.dataSource.getRepository(CitationRefEntity).find({ where: { messageId }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(CitationEntity).find({ where: { messageId }, order: { id: 'ASC' } }),
    ]);
    const of = <T extends { messageId: string | null }>(rows: T[], id: string) =>
      rows.filter((row) => row.messageId === id);
    return new Map(
      messageIds.map((id) => [
        id,
        { paragraphs: of(paragraphs, id), refs: of(refs, id), citations: of(citations, id) },
      ]),
    );
  }

  /** Every chunk retrieved for the answer, as the legacy 引用 panel lists them. */
  async embeddingRefs(owner: CitationOwner): Promise<{ embeddingId: string; score: string; chunkText: string }[]> {
    if ('messageId' in owner) {
      return this.dataSource
        .getRepository(RefEmbeddingEntity)
        .find({ where: { messageId: owner.messageId }, order: { id: 'ASC' } });
    }
    return this.dataSource
      .getRepository(KnowledgeQaRefEmbeddingEntity)
      .find({ where: { qaRecordId: owner.qaRecordId }, order: { id: 'ASC' } });
  }

  /** The answer's graph reference row: the question's entities and the facts found, as stored. */
  async graphRef(owner: CitationOwner): Promise<{ entitiesFromQuestion: string; graphFromStore: string } | null> {
    if ('messageId' in owner) {
      return this.dataSource.getRepository(RefGraphEntity).findOneBy({ messageId: owner.messageId });
    }
    return this.dataSource
      .getRepository(KnowledgeQaRefGraphEntity)
      .findOne({ where: { qaRecordId: owner.qaRecordId }, order: { id: 'ASC' } });
  }
}

function qaAnswerRows(answer: QaAnswerRecord) {
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
    // The same rows as a conversation answer's, the model verifier's verdicts included.
    ...citationRows(answer.paragraphs, answer.refs, answer.verdicts),
    embeddingRefs: embeddingRefRows(answer.retrieval),
    // The legacy table keeps the entities comma-separated, and one row even when the graph found nothing.
    entitiesFromQuestion: (answer.retrieval?.entitiesFromQuestion ?? []).join(','),
    graphFromStore: JSON.stringify({
      vertices: graph.filter((fact) => fact.kind === 'vertex'),
      edges: graph.filter((fact) => fact.kind === 'edge'),
    }),
  };
}
