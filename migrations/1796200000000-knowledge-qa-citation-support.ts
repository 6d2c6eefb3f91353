import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the support check found on the knowledge-base Q&A page, stored as a conversation answer's is: per
 * citation (score, verdict, verified quote) in a citation table of its own, and per paragraph (supported,
 * inferred).
 */
export class KnowledgeQaCitationSupport1796200000000 implements MigrationInterface {
  name = 'KnowledgeQaCitationSupport1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_qa_citation" ("id" BIGSERIAL NOT NULL, "qa_record_id" bigint NOT NULL, "paragraph_index" integer NOT NULL, "citation_id" character varying(8) NOT NULL, "display_number" integer NOT NULL, "citation_type" character varying(16) NOT NULL, "source_id" character varying(64) NOT NULL, "support_score" double precision, "support_verdict" character varying(16), "quote_text" text, "quote_start" integer, "quote_end" integer, CONSTRAINT "PK_e3d403d2a195be8ce7b3ea88c97" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_f3c7cd5c1e143d7e92837d62b8" ON "adi_knowledge_base_qa_citation"  ("source_id")`,
    );
    await runner.query(
      `CREATE INDEX "IDX_7f2ead89d50bbfa09e3ad57c35" ON "adi_knowledge_base_qa_citation"  ("qa_record_id", "paragraph_index")`,
    );
    await runner.query(
      `ALTER TABLE "adi_knowledge_base_qa_citation_paragraph" ADD "is_supported" boolean, ADD "is_inferred" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_knowledge_base_qa_citation_paragraph" DROP COLUMN "is_inferred", DROP COLUMN "is_supported"`,
    );
    await runner.query(`DROP TABLE "adi_knowledge_base_qa_citation"`);
  }
}
