import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCH_VECTOR = `to_tsvector('english', "text") || to_tsvector('simple', "search_terms")`;

/**
 * Knowledge bases, their items, the items' chunks with a full-text search vector (English words and, for
 * Chinese and Japanese, character pairs), and the knowledge graph in plain tables. pg_trgm serves matching
 * entity names against Chinese and Japanese questions.
 */
export class KnowledgeBases1795400000000 implements MigrationInterface {
  name = 'KnowledgeBases1795400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await runner.query(
      `CREATE TABLE "adi_knowledge_base" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "title" character varying(250) NOT NULL, "remark" text NOT NULL DEFAULT '', "is_public" boolean NOT NULL DEFAULT false, "is_strict" boolean NOT NULL DEFAULT true, "owner_id" bigint NOT NULL, "owner_uuid" character varying(32) NOT NULL, "owner_name" character varying(45) NOT NULL, "retrieve_max_results" integer NOT NULL DEFAULT '0', "retrieve_min_score" double precision NOT NULL DEFAULT '0', "ingest_max_segment" integer NOT NULL DEFAULT '0', "ingest_max_overlap" integer NOT NULL DEFAULT '0', "star_count" integer NOT NULL DEFAULT '0', "item_count" integer NOT NULL DEFAULT '0', "embedding_count" integer NOT NULL DEFAULT '0', "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_35d028d5a59ac686ae6ba3235bc" UNIQUE ("uuid"), CONSTRAINT "PK_e2e423b71e4a49062bb8ec1a4b9" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_80a670e318f3485e7129719bb2" ON "adi_knowledge_base"  ("owner_id") `);
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_item" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "kb_id" bigint NOT NULL, "kb_uuid" character varying(32) NOT NULL, "title" character varying(250) NOT NULL, "brief" character varying(250) NOT NULL DEFAULT '', "remark" text NOT NULL DEFAULT '', "source_file_name" character varying(250) NOT NULL DEFAULT '', "embedding_status" character varying(8) NOT NULL DEFAULT 'NONE', "embedding_status_change_time" TIMESTAMP WITH TIME ZONE, "graphical_status" character varying(8) NOT NULL DEFAULT 'NONE', "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_f9d88cc9f7fb5fd9a7207ec1b91" UNIQUE ("uuid"), CONSTRAINT "PK_7d09aae7d1676176f910f3423d4" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_887202213141b4d67f9da872c2" ON "adi_knowledge_base_item"  ("kb_uuid") `);
    // TypeORM compares generated columns with the expressions it keeps in this table.
    await runner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" ("type" character varying NOT NULL, "database" character varying, "schema" character varying, "table" character varying, "name" character varying, "value" text)`,
    );
    await runner.query(
      `INSERT INTO "typeorm_metadata" ("database", "schema", "table", "type", "name", "value")
       VALUES (current_database(), current_schema(), 'adi_knowledge_base_embedding', 'GENERATED_COLUMN', 'search_vector', $1)`,
      [SEARCH_VECTOR],
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_embedding" ("embedding_id" character varying(36) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "kb_item_uuid" character varying(32) NOT NULL, "chunk_index" integer NOT NULL, "text" text NOT NULL, "search_terms" text NOT NULL DEFAULT '', "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english', "text") || to_tsvector('simple', "search_terms")) STORED NOT NULL, "metadata" text NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b8f0128855af47bd1e2432e264a" PRIMARY KEY ("embedding_id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_38a915dfd5618af96f98c0a49a" ON "adi_knowledge_base_embedding"  ("kb_uuid") `);
    await runner.query(
      `CREATE INDEX "IDX_873f5d2b578cfff4149b9e7f2d" ON "adi_knowledge_base_embedding"  ("kb_item_uuid") `,
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_graph_vertex" ("id" character varying(64) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "label" character varying(64) NOT NULL DEFAULT '', "name" character varying(250) NOT NULL, "description" text NOT NULL DEFAULT '', "text_segment_id" character varying(64) NOT NULL DEFAULT '', "metadata" text NOT NULL DEFAULT '{}', "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e5372b84dd3895b70ff81572a1d" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_fcd30b9fe55b9a9e57f8a70ba0" ON "adi_knowledge_graph_vertex"  ("kb_uuid") `);
    await runner.query(
      `CREATE TABLE "adi_knowledge_graph_edge" ("id" character varying(64) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "label" character varying(64) NOT NULL, "weight" double precision NOT NULL DEFAULT '1', "description" text NOT NULL DEFAULT '', "text_segment_id" character varying(64) NOT NULL DEFAULT '', "metadata" text NOT NULL DEFAULT '{}', "start_id" character varying(64) NOT NULL, "end_id" character varying(64) NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f51d7c8abb6f49d28eacfd116bb" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_d4f4b2ec483700d69ded0ed459" ON "adi_knowledge_graph_edge"  ("kb_uuid") `);
    await runner.query(`CREATE INDEX "IDX_8d0028a1be0d63c0ceca7dbf8e" ON "adi_knowledge_graph_edge"  ("start_id") `);
    await runner.query(`CREATE INDEX "IDX_0192315363b2d095a4d607531b" ON "adi_knowledge_graph_edge"  ("end_id") `);
    await runner.query(
      `CREATE INDEX "IDX_knowledge_chunk_search" ON "adi_knowledge_base_embedding" USING gin ("search_vector")`,
    );
    await runner.query(
      `CREATE INDEX "IDX_knowledge_graph_vertex_name" ON "adi_knowledge_graph_vertex" USING gin ("name" gin_trgm_ops)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_knowledge_graph_edge"`);
    await runner.query(`DROP TABLE "adi_knowledge_graph_vertex"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_embedding"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_item"`);
    await runner.query(`DROP TABLE "adi_knowledge_base"`);
    await runner.query(`DELETE FROM "typeorm_metadata" WHERE "table" = 'adi_knowledge_base_embedding'`);
  }
}
