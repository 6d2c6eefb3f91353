import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexing jobs in the database, so that every instance sees them and a job whose process died is taken up
 * again; the reason an item's indexing failed; items' text stored uncompressed; and the table the login limiter
 * keeps its counters in on a PostgreSQL server (the layout `rate-limiter-flexible` expects).
 */
export class IndexingJobs1795800000000 implements MigrationInterface {
  name = 'IndexingJobs1795800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_indexing_job" ("id" BIGSERIAL NOT NULL, "item_uuid" character varying(32) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "kind" character varying(16) NOT NULL, "status" character varying(8) NOT NULL DEFAULT 'queued', "attempts" integer NOT NULL DEFAULT '0', "error" character varying(500) NOT NULL DEFAULT '', "claimed_by" character varying(64) NOT NULL DEFAULT '', "heartbeat_at" TIMESTAMP WITH TIME ZONE, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_indexing_job" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_indexing_job_status" ON "adi_indexing_job" ("status", "id")`);
    await runner.query(`CREATE INDEX "IDX_indexing_job_user" ON "adi_indexing_job" ("user_id", "status")`);
    await runner.query(
      `ALTER TABLE "adi_knowledge_base_item" ADD "indexing_error" character varying(500) NOT NULL DEFAULT ''`,
    );
    // An item's text (up to 10 MB) is stored uncompressed: compressing it costs the embedded database, which
    // runs on the event loop, a second per large document, and saves little disk.
    await runner.query(`ALTER TABLE "adi_knowledge_base_item" ALTER COLUMN "remark" SET STORAGE EXTERNAL`);
    await runner.query(
      `CREATE TABLE "adi_rate_limit" ("key" character varying(255) NOT NULL, "points" integer NOT NULL DEFAULT '0', "expire" bigint, CONSTRAINT "PK_rate_limit" PRIMARY KEY ("key"))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_rate_limit"`);
    await runner.query(`ALTER TABLE "adi_knowledge_base_item" ALTER COLUMN "remark" SET STORAGE EXTENDED`);
    await runner.query(`ALTER TABLE "adi_knowledge_base_item" DROP COLUMN "indexing_error"`);
    await runner.query(`DROP TABLE "adi_indexing_job"`);
  }
}
