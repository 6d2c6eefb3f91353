import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questions per minute are counted by the same rate limiter as login attempts (in `adi_rate_limit`, or Redis),
 * so the table that counted them alone goes.
 */
export class AskRateOnLimiter1796250000000 implements MigrationInterface {
  name = 'AskRateOnLimiter1796250000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE IF EXISTS "adi_ask_rate"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_ask_rate" ("user_id" bigint NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT 0, PRIMARY KEY ("user_id", "window_start"))`,
    );
  }
}
