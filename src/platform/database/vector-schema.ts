import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** Whether vectors can be stored and searched here, and why not when they cannot. */
export type VectorSupport =
  | { state: 'not configured' }
  | { state: 'ready'; model: string; dimensions: number }
  | { state: 'unavailable'; reason: string };

/** The same key as the migrations' lock: the schema below is made by one instance at a time, after them. */
const SCHEMA_LOCK = 7_246_513;

/**
 * The table of chunk vectors, made at boot rather than by a migration: its column type belongs to the optional
 * pgvector extension, and a PostgreSQL server without it must still start (lexically). One row per chunk and
 * model; the vector keeps no fixed length in the column, so vectors of several models live side by side, and
 * each model and dimension gets its own partial HNSW index over the vectors cast to their length (cosine
 * distance). Rows go with their chunk (`ON DELETE CASCADE`).
 */
export async function ensureVectorSchema(
  dataSource: DataSource,
  target: { model: string; dimensions: number },
): Promise<VectorSupport> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      const [available] = (await runner.query(
        `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE "name" = 'vector') AS "ok"`,
      )) as { ok: boolean }[];
      if (!available?.ok) {
        return {
          state: 'unavailable',
          reason:
            'the PostgreSQL server has no pgvector extension (install it, e.g. the postgresql-15-pgvector package, or use the pgvector/pgvector image); retrieval stays lexical',
        };
      }
      await runner.query('CREATE EXTENSION IF NOT EXISTS vector');
      await runner.query(
        `CREATE TABLE IF NOT EXISTS "adi_chunk_vector" (
           "embedding_id" varchar(36) NOT NULL
             REFERENCES "adi_knowledge_base_embedding" ("embedding_id") ON DELETE CASCADE,
           "model" varchar(200) NOT NULL,
           "dimensions" integer NOT NULL,
           "kb_uuid" varchar(32) NOT NULL,
           "kb_item_uuid" varchar(32) NOT NULL,
           "vector" vector NOT NULL,
           "create_time" timestamptz NOT NULL DEFAULT now(),
           CONSTRAINT "PK_chunk_vector" PRIMARY KEY ("embedding_id", "model"))`,
      );
      await runner.query(
        `CREATE INDEX IF NOT EXISTS "IDX_chunk_vector_item" ON "adi_chunk_vector" ("kb_item_uuid", "model")`,
      );
      // A small base is searched exactly: its vectors are found through this, not by reading every base's.
      await runner.query(
        `CREATE INDEX IF NOT EXISTS "IDX_chunk_vector_base" ON "adi_chunk_vector" ("kb_uuid", "model")`,
      );
      await runner.query(
        `CREATE INDEX IF NOT EXISTS "${hnswIndexName(target)}" ON "adi_chunk_vector"
           USING hnsw (("vector"::vector(${target.dimensions})) vector_cosine_ops)
           WHERE "model" = ${literal(target.model)} AND "dimensions" = ${target.dimensions}`,
      );
      return { state: 'ready', ...target };
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    }
  } catch (error) {
    return { state: 'unavailable', reason: `pgvector could not be set up: ${(error as Error).message}` };
  } finally {
    await runner.release();
  }
}

/** One index per model and dimension; a model name may hold any character, so the name is a digest of it. */
export function hnswIndexName(target: { model: string; dimensions: number }): string {
  const digest = createHash('sha256').update(`${target.model}\u0000${target.dimensions}`).digest('hex').slice(0, 16);
  return `IDX_chunk_vector_hnsw_${digest}`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
