import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';

/** The model and length of the vectors a query compares: vectors of any other model are never compared. */
export interface VectorSpace {
  model: string;
  dimensions: number;
}

export interface VectorCandidate {
  embeddingId: string;
  kbUuid: string;
  kbItemUuid: string;
  text: string;
  title: string;
  chunkIndex: number;
  chunkCount: number;
  /** Cosine similarity to the question, -1…1. */
  similarity: number;
}

/**
 * Up to this many chunks a base is searched exactly, every vector of the base compared (through the base's index,
 * so a small base costs little however many vectors other bases hold): no chunk is missed. The HNSW index serves
 * larger bases, where comparing every vector would cost more than the rest of a retrieval.
 */
const EXACT_SEARCH_MAX_CHUNKS = 20_000;

/**
 * The candidates the HNSW walk keeps (`hnsw.ef_search`). A walk can miss a chunk far from every other: at 10,000
 * near-duplicate distractors, pgvector's default of 40 found 3 of 8 paraphrased questions and 200 found 7
 * (bench:retrieval, the index walked at every size); 400 found all 8. The walk returns this many at most, before
 * the base filter: a base holding few of the model's vectors can come back short, and is then searched exactly.
 */
const HNSW_EF_SEARCH = 400;

/** The chunk vectors (`adi_chunk_vector`, made at boot by the database module when pgvector is there). */
@Injectable()
export class VectorRepository {
  private readonly sql: PoolQuery;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.sql = poolQuery(dataSource);
  }

  /** Stores the vectors of chunks (one model); a chunk deleted meanwhile is skipped, not an error. */
  async save(space: VectorSpace, rows: readonly { embeddingId: string; vector: readonly number[] }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.sql.rows(
      `INSERT INTO "adi_chunk_vector" ("embedding_id", "model", "dimensions", "kb_uuid", "kb_item_uuid", "vector")
       SELECT c."embedding_id", $2, $3, c."kb_uuid", c."kb_item_uuid", v."vector"::vector
         FROM unnest($1::varchar[], $4::text[]) AS v("id", "vector")
         JOIN "adi_knowledge_base_embedding" c ON c."embedding_id" = v."id"
       ON CONFLICT ("embedding_id", "model") DO UPDATE SET "vector" = excluded."vector", "dimensions" = excluded."dimensions"`,
      [rows.map((row) => row.embeddingId), space.model, space.dimensions, rows.map((row) => toVectorText(row.vector))],
    );
  }

  /** The item's chunks that have no vector of this model yet, in order. */
  chunksWithoutVector(itemUuid: string, space: VectorSpace): Promise<{ embeddingId: string; text: string }[]> {
    return this.sql.rows(
      `SELECT c."embedding_id" AS "embeddingId", c."text"
         FROM "adi_knowledge_base_embedding" c
        WHERE c."kb_item_uuid" = $1
          AND NOT EXISTS (SELECT 1 FROM "adi_chunk_vector" v
                           WHERE v."embedding_id" = c."embedding_id" AND v."model" = $2 AND v."dimensions" = $3)
        ORDER BY c."chunk_index"`,
      [itemUuid, space.model, space.dimensions],
    );
  }

  /** Vectors of other models of the item, no longer compared once the item has the configured model's. */
  async dropOtherModels(itemUuid: string, space: VectorSpace): Promise<void> {
    await this.sql.rows(
      `DELETE FROM "adi_chunk_vector" WHERE "kb_item_uuid" = $1 AND ("model" <> $2 OR "dimensions" <> $3)`,
      [itemUuid, space.model, space.dimensions],
    );
  }

  /**
   * Indexed items (status `DONE`) with chunks that have no vector of this model, with their base and owner: the
   * ones to embed again after EMBEDDING_MODEL changed, or that were indexed before embeddings were configured.
   * Items with an indexing job queued or running are left to it.
   */
  itemsWithoutVectors(space: VectorSpace): Promise<{ itemUuid: string; kbUuid: string; userId: string }[]> {
    return this.sql.rows(
      `SELECT i."uuid" AS "itemUuid", i."kb_uuid" AS "kbUuid", b."owner_id"::text AS "userId"
         FROM "adi_knowledge_base_item" i
         JOIN "adi_knowledge_base" b ON b."uuid" = i."kb_uuid"
        WHERE NOT i."is_deleted" AND i."embedding_status" = 'DONE'
          AND EXISTS (SELECT 1 FROM "adi_knowledge_base_embedding" c
                       WHERE c."kb_item_uuid" = i."uuid"
                         AND NOT EXISTS (SELECT 1 FROM "adi_chunk_vector" v WHERE v."embedding_id" = c."embedding_id"
                                            AND v."model" = $1 AND v."dimensions" = $2))
          AND NOT EXISTS (SELECT 1 FROM "adi_indexing_job" j
                           WHERE j."item_uuid" = i."uuid" AND j."status" IN ('queued', 'running'))`,
      [space.model, space.dimensions],
    );
  }

  /** The `limit` chunks of the base nearest to the question's vector, nearest first; only this model's vectors. */
  async nearest(
    kbUuid: string,
    chunksInBase: number,
    space: VectorSpace,
    question: readonly number[],
    limit: number,
  ): Promise<VectorCandidate[]> {
    const search = { kbUuid, question, limit };
    const exact = () => this.sql.rows<VectorCandidate>(this.nearestStatement(space, search, 'exact'));
    if (chunksInBase <= EXACT_SEARCH_MAX_CHUNKS) return exact();
    const walked = await this.sql.rowsWithSettings<VectorCandidate>(
      { 'hnsw.ef_search': HNSW_EF_SEARCH },
      this.nearestStatement(space, search, 'index'),
    );
    return walked.length >= Math.min(limit, chunksInBase) ? walked : exact();
  }

  /**
   * The statement {@link nearest} runs, apart so that its plan can be read. Its values are written into it (the
   * index walk goes in one message with its settings, which takes no parameters): the vector as numbers, the base
   * and model quoted. `index` orders by the distance operator, which the planner serves from the HNSW index of
   * this model (a partial index, matched because the model is in the statement); `exact` orders the base's
   * vectors, each distance computed once, behind a subquery the index cannot serve.
   */
  nearestStatement(
    space: VectorSpace,
    search: { kbUuid: string; question: readonly number[]; limit: number },
    by: 'index' | 'exact',
  ): string {
    const d = space.dimensions;
    const question = `${literal(toVectorText(search.question.map(Number)))}::vector(${d})`;
    const limit = Math.trunc(search.limit);
    const scored = `SELECT v."embedding_id", v."vector"::vector(${d}) <=> ${question} AS "distance"
           FROM "adi_chunk_vector" v
          WHERE v."model" = ${literal(space.model)} AND v."dimensions" = ${d} AND v."kb_uuid" = ${literal(search.kbUuid)}`;
    const near =
      by === 'index'
        ? `${scored} ORDER BY v."vector"::vector(${d}) <=> ${question} LIMIT ${limit}`
        : `SELECT s.* FROM (${scored} OFFSET 0) s ORDER BY s."distance" LIMIT ${limit}`;
    return `WITH near AS (${near})
       SELECT c."embedding_id" AS "embeddingId", c."kb_uuid" AS "kbUuid", c."kb_item_uuid" AS "kbItemUuid", c."text",
              i."title", c."chunk_index" AS "chunkIndex", i."chunk_count" AS "chunkCount",
              1 - n."distance" AS "similarity"
         FROM near n
         JOIN "adi_knowledge_base_embedding" c ON c."embedding_id" = n."embedding_id"
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid" AND NOT i."is_deleted"
        ORDER BY n."distance", c."chunk_index"`;
  }

  /** An item's chunks with their vector of this model (empty when none), for the legacy chunk list. */
  vectorsOf(embeddingIds: readonly string[], space: VectorSpace): Promise<{ embeddingId: string; vector: string }[]> {
    return this.sql.rows(
      `SELECT "embedding_id" AS "embeddingId", "vector"::text AS "vector" FROM "adi_chunk_vector"
        WHERE "embedding_id" = ANY($1::varchar[]) AND "model" = $2 AND "dimensions" = $3`,
      [[...embeddingIds], space.model, space.dimensions],
    );
  }
}

/** pgvector's text form, `[0.1,0.2,…]`. */
export function toVectorText(vector: readonly number[]): string {
  return `[${vector.join(',')}]`;
}

/** A vector from pgvector's text form. */
export function fromVectorText(text: string): number[] {
  return text === '[]' ? [] : text.slice(1, -1).split(',').map(Number);
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
