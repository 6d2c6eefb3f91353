import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An indexing job counts the chunks it has embedded, so that `indexing/check` and the item list show progress. */
export class IndexingProgress1796700000000 implements MigrationInterface {
  name = 'IndexingProgress1796700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_indexing_job" ADD COLUMN IF NOT EXISTS "progress_done" integer NOT NULL DEFAULT 0,
                                     ADD COLUMN IF NOT EXISTS "progress_total" integer NOT NULL DEFAULT 0`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_indexing_job" DROP COLUMN IF EXISTS "progress_done", DROP COLUMN IF EXISTS "progress_total"`,
    );
  }
}
