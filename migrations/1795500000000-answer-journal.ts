import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answer journal: every event of an answer's stream as it was sent (for resume and replay), and one row
 * per answer being written, holding the lease its writer renews while it streams.
 */
export class AnswerJournal1795500000000 implements MigrationInterface {
  name = 'AnswerJournal1795500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_answer_stream" ("message_id" bigint NOT NULL, "answer_uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "lease_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "stop_requested" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_4ab702a9bc897806da053e6d2e6" UNIQUE ("answer_uuid"), CONSTRAINT "PK_70a019e4c7684d649c7b2418751" PRIMARY KEY ("message_id"))`,
    );
    await runner.query(
      `CREATE TABLE "adi_answer_event" ("message_id" bigint NOT NULL, "seq" integer NOT NULL, "event" character varying(32), "data" text NOT NULL, CONSTRAINT "PK_309dc096bbfce7e60acc58b39a8" PRIMARY KEY ("message_id", "seq"))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_answer_event"`);
    await runner.query(`DROP TABLE "adi_answer_stream"`);
  }
}
