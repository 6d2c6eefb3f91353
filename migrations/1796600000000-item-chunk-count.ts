import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many chunks each knowledge-base item has, kept with its chunks: a cited chunk is shown as "part 2 of 5" of
 * its document, and retrieval reads the count with the item's title, at no extra cost.
 */
export class ItemChunkCount1796600000000 implements MigrationInterface {
  name = 'ItemChunkCount1796600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_knowledge_base_item" ADD COLUMN IF NOT EXISTS "chunk_count" integer NOT NULL DEFAULT 0`,
    );
    await runner.query(
      `UPDATE "adi_knowledge_base_item" i SET "chunk_count" = c."count"
         FROM (SELECT "kb_item_uuid", count(*)::int AS "count" FROM "adi_knowledge_base_embedding" GROUP BY 1) c
        WHERE c."kb_item_uuid" = i."uuid"`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "adi_knowledge_base_item" DROP COLUMN IF EXISTS "chunk_count"`);
  }
}
