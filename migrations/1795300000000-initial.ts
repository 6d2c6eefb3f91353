import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The legacy conversation tables (names and columns kept, so that existing admin queries keep working), the
 * paragraph-citation tables, login tokens, the ask limits, and the admin report view.
 */
export class Initial1795300000000 implements MigrationInterface {
  name = 'Initial1795300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_ask_lock" ("user_id" bigint NOT NULL, "holder" character varying(32) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_bb17596f2abfdcf02d319ba4853" PRIMARY KEY ("user_id"))`,
    );
    await runner.query(
      `CREATE TABLE "adi_ask_rate" ("user_id" bigint NOT NULL, "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, "count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_d08036d17aae8e9dadda0e8b354" PRIMARY KEY ("user_id", "window_start"))`,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_message_citation_paragraph" ("id" BIGSERIAL NOT NULL, "message_id" bigint NOT NULL, "paragraph_index" integer NOT NULL, "text" text NOT NULL, "citation_ids_json" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_fdf0200d469fee44b321b447771" UNIQUE ("message_id", "paragraph_index"), CONSTRAINT "PK_c3acda013243d5a9ae780a5ffd2" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_83adcc4d6b16e054563cceed95" ON "adi_conversation_message_citation_paragraph"  ("created_at") `,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_message_citation" ("id" BIGSERIAL NOT NULL, "message_id" bigint NOT NULL, "paragraph_index" integer NOT NULL, "citation_id" character varying(8) NOT NULL, "display_number" integer NOT NULL, "citation_type" character varying(16) NOT NULL, "source_id" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_944bc847ce17d5e7a1686c99213" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_f3465cd159fb7ae9a384d201c6" ON "adi_conversation_message_citation"  ("source_id") `,
    );
    await runner.query(
      `CREATE INDEX "IDX_15c06cb65e9d39ef1dd9ac0340" ON "adi_conversation_message_citation"  ("message_id", "paragraph_index") `,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_message_citation_ref" ("id" BIGSERIAL NOT NULL, "message_id" bigint NOT NULL, "citation_id" character varying(8) NOT NULL, "display_number" integer NOT NULL, "citation_type" character varying(16) NOT NULL, "source_id" character varying(64) NOT NULL, "payload_json" text NOT NULL, CONSTRAINT "UQ_7546eec857154f0f59c3d8cf01d" UNIQUE ("message_id", "citation_id"), CONSTRAINT "PK_fc9a21eaa35053502e05d2fa546" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "title" character varying(45) NOT NULL, "remark" text NOT NULL DEFAULT '', "ai_system_message" text NOT NULL DEFAULT '', "kb_ids" character varying(1024) NOT NULL DEFAULT '', "tokens" integer NOT NULL DEFAULT '0', "understand_context_enable" boolean NOT NULL DEFAULT false, "answer_content_type" smallint NOT NULL DEFAULT '2', "is_autoplay_answer" boolean NOT NULL DEFAULT false, "is_enable_thinking" boolean NOT NULL DEFAULT false, "is_enable_web_search" boolean NOT NULL DEFAULT false, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_426be285cf7106f3bdf4c1797aa" UNIQUE ("uuid"), CONSTRAINT "PK_3854e59527c28b8030567e61e07" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_3ef30ca6f289eb4daef5c27dcc" ON "adi_conversation"  ("user_id") `);
    await runner.query(
      `CREATE TABLE "adi_conversation_message_ref_embedding" ("id" BIGSERIAL NOT NULL, "message_id" bigint NOT NULL, "embedding_id" character varying(36) NOT NULL, "score" numeric(3,2) NOT NULL, "chunk_text" text NOT NULL DEFAULT '', "user_id" bigint NOT NULL, CONSTRAINT "PK_21d27225682a6e480b2eb5a11f1" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_88a7f8ea06eb15fc432955705e" ON "adi_conversation_message_ref_embedding"  ("message_id") `,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_message_ref_graph" ("id" BIGSERIAL NOT NULL, "message_id" bigint NOT NULL, "entities_from_question" text NOT NULL, "graph_from_store" text NOT NULL, "user_id" bigint NOT NULL, CONSTRAINT "PK_97f583edc6c62f8ed6d3a2ed9d6" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_e6b047b9431f69882e8ba05edc" ON "adi_conversation_message_ref_graph"  ("message_id") `,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_message" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "parent_message_id" bigint NOT NULL DEFAULT '0', "conversation_id" bigint NOT NULL, "conversation_uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "remark" text NOT NULL, "thinking_content" text NOT NULL DEFAULT '', "message_role" smallint NOT NULL, "tokens" integer NOT NULL DEFAULT '0', "ai_model_platform" character varying(45) NOT NULL DEFAULT '', "is_ref_embedding" boolean NOT NULL DEFAULT false, "is_ref_graph" boolean NOT NULL DEFAULT false, "answer_status" character varying(16) NOT NULL DEFAULT 'complete', "citation_mode" character varying(16), "parse_outcome" character varying(16), "has_citation_error" boolean NOT NULL DEFAULT false, "paragraph_count" integer NOT NULL DEFAULT '0', "ref_count" integer NOT NULL DEFAULT '0', "dropped_citation_count" integer NOT NULL DEFAULT '0', "uncited_paragraph_count" integer NOT NULL DEFAULT '0', "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_cc3b832a3ccb061ec1d5e149f27" UNIQUE ("uuid"), CONSTRAINT "PK_f7ad9452e1e6ebc6787f05122a4" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_ec9cff3554e5cd43d7ade81df2" ON "adi_conversation_message"  ("user_id") `);
    await runner.query(`CREATE INDEX "IDX_1fe51c79b8d67ccdb6b7a99d54" ON "adi_conversation_message"  ("create_time") `);
    await runner.query(
      `CREATE INDEX "IDX_c1999174f8ec1fe5f1e7392039" ON "adi_conversation_message"  ("conversation_id", "parent_message_id") `,
    );
    await runner.query(
      `CREATE TABLE "adi_user_token" ("token" character varying(64) NOT NULL, "user_id" bigint NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a0b650f30e163c1479681a58044" PRIMARY KEY ("token"))`,
    );
    await runner.query(`CREATE INDEX "IDX_7d18b3e691a4a392646c46e65b" ON "adi_user_token"  ("user_id") `);
    await runner.query(
      `CREATE TABLE "adi_user" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "name" character varying(45) NOT NULL, "email" character varying(120) NOT NULL, "password" character varying(120) NOT NULL, "is_admin" boolean NOT NULL DEFAULT false, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_d738d3a3ae7e15deb91f6dd2ee2" UNIQUE ("uuid"), CONSTRAINT "UQ_f37d558cb854b11d2df0314da5e" UNIQUE ("email"), CONSTRAINT "PK_3935e2d744187ccb6a78133a4dc" PRIMARY KEY ("id"))`,
    );

    // For admins who query the tables directly: one row per cited source per paragraph, with its answer.
    await runner.query(`CREATE VIEW "adi_citation_report" AS
      SELECT m."uuid" AS "answer_uuid", m."conversation_uuid", m."user_id", m."create_time" AS "answered_at",
             m."answer_status", m."citation_mode", m."has_citation_error",
             p."paragraph_index", p."text" AS "paragraph_text",
             c."citation_id", c."display_number", c."citation_type", c."source_id"
        FROM "adi_conversation_message_citation_paragraph" p
        JOIN "adi_conversation_message" m ON m."id" = p."message_id"
        LEFT JOIN "adi_conversation_message_citation" c
          ON c."message_id" = p."message_id" AND c."paragraph_index" = p."paragraph_index"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP VIEW "adi_citation_report"`);
    await runner.query(`DROP TABLE "adi_user"`);
    await runner.query(`DROP TABLE "adi_user_token"`);
    await runner.query(`DROP TABLE "adi_conversation_message"`);
    await runner.query(`DROP TABLE "adi_conversation_message_ref_graph"`);
    await runner.query(`DROP TABLE "adi_conversation_message_ref_embedding"`);
    await runner.query(`DROP TABLE "adi_conversation"`);
    await runner.query(`DROP TABLE "adi_conversation_message_citation_ref"`);
    await runner.query(`DROP TABLE "adi_conversation_message_citation"`);
    await runner.query(`DROP TABLE "adi_conversation_message_citation_paragraph"`);
    await runner.query(`DROP TABLE "adi_ask_rate"`);
    await runner.query(`DROP TABLE "adi_ask_lock"`);
  }
}
