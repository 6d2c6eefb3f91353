import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Knowledge bases, their items, and the items' chunks, with the two indexes lexical retrieval uses: full-text
 * search for space-separated languages and trigrams (pg_trgm) for Chinese and Japanese text.
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
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_embedding" ("embedding_id" character varying(36) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "kb_item_uuid" character varying(32) NOT NULL, "chunk_index" integer NOT NULL, "text" text NOT NULL, "metadata" text NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b8f0128855af47bd1e2432e264a" PRIMARY KEY ("embedding_id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_38a915dfd5618af96f98c0a49a" ON "adi_knowledge_base_embedding"  ("kb_uuid") `);
    await runner.query(
      `CREATE INDEX "IDX_873f5d2b578cfff4149b9e7f2d" ON "adi_knowledge_base_embedding"  ("kb_item_uuid") `,
    );
    await runner.query(
      `CREATE INDEX "IDX_knowledge_chunk_fts" ON "adi_knowledge_base_embedding" USING gin (to_tsvector('english', "text"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_knowledge_chunk_trgm" ON "adi_knowledge_base_embedding" USING gin ("text" gin_trgm_ops)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_knowledge_base_embedding"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_item"`);
    await runner.query(`DROP TABLE "adi_knowledge_base"`);
  }
}
