import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The knowledge-base Q&A page: questions asked of one knowledge base and their answers (the legacy table, plus
 * how each answer ended), their whole-answer references (legacy tables), and their paragraphs and citations.
 */
export class KnowledgeBaseQa1795700000000 implements MigrationInterface {
  name = 'KnowledgeBaseQa1795700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "kb_id" bigint NOT NULL DEFAULT '0', "kb_uuid" character varying(32) NOT NULL DEFAULT '', "question" character varying(1000) NOT NULL DEFAULT '', "prompt" text NOT NULL DEFAULT '', "prompt_tokens" integer NOT NULL DEFAULT '0', "answer" text NOT NULL DEFAULT '', "answer_tokens" integer NOT NULL DEFAULT '0', "source_file_ids" character varying(500) NOT NULL DEFAULT '', "user_id" bigint NOT NULL DEFAULT '0', "ai_model_id" bigint NOT NULL DEFAULT '0', "ai_model_name" character varying(100) NOT NULL DEFAULT '', "answer_status" character varying(16) NOT NULL DEFAULT '', "citation_mode" character varying(16) NOT NULL DEFAULT '', "has_citation_error" boolean NOT NULL DEFAULT false, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_fdfba3cfcc05be370a5e1412484" UNIQUE ("uuid"), CONSTRAINT "PK_0d9c3f594fd54c7e24a2443a331" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_0655134841ab79749f98bb8dd0" ON "adi_knowledge_base_qa"  ("user_id", "kb_uuid")`,
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa_ref_embedding" ("id" BIGSERIAL NOT NULL, "qa_record_id" bigint NOT NULL DEFAULT '0', "embedding_id" character varying(36) NOT NULL DEFAULT '', "score" numeric(3,2) NOT NULL DEFAULT '0', "chunk_text" text NOT NULL DEFAULT '', "user_id" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_d7167f3a1968b38d605ce863ee5" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_798e26ce25221cbd53f1b114e7" ON "adi_knowledge_base_qa_ref_embedding"  ("qa_record_id")`,
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa_ref_graph" ("id" BIGSERIAL NOT NULL, "qa_record_id" bigint NOT NULL DEFAULT '0', "entities_from_question" text NOT NULL DEFAULT '', "graph_from_store" text NOT NULL DEFAULT '', "user_id" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_b55cd04e400ebf9b5c12c685c60" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_5b8d8e6c566b1fd578336ee60f" ON "adi_knowledge_base_qa_ref_graph"  ("qa_record_id")`,
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa_citation_paragraph" ("id" BIGSERIAL NOT NULL, "qa_record_id" bigint NOT NULL, "paragraph_index" integer NOT NULL, "text" text NOT NULL, "citation_ids_json" text NOT NULL, CONSTRAINT "PK_71a43bfc1812e4c89131b64a9f2" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_f35a8cfd7b1ab193cb4a22b3ba" ON "adi_knowledge_base_qa_citation_paragraph"  ("qa_record_id", "paragraph_index")`,
    );
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa_citation_ref" ("id" BIGSERIAL NOT NULL, "qa_record_id" bigint NOT NULL, "citation_id" character varying(8) NOT NULL, "display_number" integer NOT NULL, "citation_type" character varying(16) NOT NULL, "source_id" character varying(64) NOT NULL, "payload_json" text NOT NULL, CONSTRAINT "PK_e8abe74cd1c59ac68031d20e425" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_0c920aa13fb6326ecd5ce53f7c" ON "adi_knowledge_base_qa_citation_ref"  ("qa_record_id")`,
    );
    await runner.query(
      `CREATE INDEX "IDX_fcc9761ded1578510a8330ee05" ON "adi_knowledge_base_qa_citation_ref"  ("source_id")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_knowledge_base_qa_citation_ref"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_qa_citation_paragraph"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_qa_ref_graph"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_qa_ref_embedding"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_qa"`);
  }
}
