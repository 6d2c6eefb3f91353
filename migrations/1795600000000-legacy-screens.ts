import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The two conversation presets every installation starts with, as the legacy schema seeds them. */
const PRESETS = [
  {
    uuid: '26a8f54a54d14b0b8a3c4c1a1b2b2c01',
    title: '翻译助手',
    remark: 'Translates between Chinese and English, keeping the tone and the formatting.',
    aiSystemMessage:
      'You are a professional translator. Translate Chinese text into English and any other text into Chinese. Keep the meaning, tone and Markdown formatting; answer with the translation only.',
  },
  {
    uuid: '26a8f54a54d14b0b8a3c4c1a1b2b2c02',
    title: '写作助手',
    remark: 'Improves a draft: clearer sentences, better structure, no change of meaning.',
    aiSystemMessage:
      'You are a careful editor. Rewrite the text the user gives you so that it is clear, concise and well structured, in the same language, without changing its meaning. Briefly list the main changes after the rewrite.',
  },
];

/**
 * The tables behind the stock frontend's remaining chat and knowledge-base screens: conversation presets and
 * which conversations were started from them, the prompt library, knowledge-base stars, and uploaded files
 * (bytes in the database, so that every instance serves them), linked from the items made from them.
 */
export class LegacyScreens1795600000000 implements MigrationInterface {
  name = 'LegacyScreens1795600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_conversation_preset" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "title" character varying(45) NOT NULL, "remark" text NOT NULL DEFAULT '', "ai_system_message" text NOT NULL DEFAULT '', "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_ecbee6e75b7d255d7e6f65aab1b" UNIQUE ("uuid"), CONSTRAINT "PK_acfc88b346a7daa90082ce74472" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE TABLE "adi_conversation_preset_rel" ("id" BIGSERIAL NOT NULL, "preset_conv_id" bigint NOT NULL, "user_conv_id" bigint NOT NULL, "user_id" bigint NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21b6aa4dfd0deac2685bb098da5" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_4126819a974421dfb50ae813af" ON "adi_conversation_preset_rel"  ("user_id")`);
    await runner.query(
      `CREATE TABLE "adi_prompt" ("id" BIGSERIAL NOT NULL, "user_id" bigint NOT NULL, "act" character varying(120) NOT NULL, "prompt" text NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9708c0f243ea7c3d9c00b562055" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_39bc52832c5bf0440890eb90ce" ON "adi_prompt"  ("user_id")`);
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_star" ("id" BIGSERIAL NOT NULL, "kb_id" bigint NOT NULL, "kb_uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "update_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6808bba12f4fe2c43b036a31442" UNIQUE ("kb_id", "user_id"), CONSTRAINT "PK_7886f1420e5d3475012b32aa7c2" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_789e0d3ba7609eec57277b81d2" ON "adi_knowledge_base_star"  ("user_id")`);
    await runner.query(
      `CREATE TABLE "adi_file" ("id" BIGSERIAL NOT NULL, "uuid" character varying(32) NOT NULL, "user_id" bigint NOT NULL, "kb_uuid" character varying(32) NOT NULL DEFAULT '', "name" character varying(250) NOT NULL, "ext" character varying(16) NOT NULL, "content_type" character varying(120) NOT NULL, "size" integer NOT NULL, "data" bytea NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_1db36aa7cf8395154fa95cc00bb" UNIQUE ("uuid"), CONSTRAINT "PK_f99bedb295692990efae86a7a8f" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_82b22d6702130efbebf16b8a96" ON "adi_file"  ("kb_uuid")`);
    await runner.query(
      `ALTER TABLE "adi_knowledge_base_item" ADD "source_file_uuid" character varying(32) NOT NULL DEFAULT ''`,
    );
    for (const preset of PRESETS) {
      await runner.query(
        `INSERT INTO "adi_conversation_preset" ("uuid", "title", "remark", "ai_system_message") VALUES ($1, $2, $3, $4)`,
        [preset.uuid, preset.title, preset.remark, preset.aiSystemMessage],
      );
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "adi_knowledge_base_item" DROP COLUMN "source_file_uuid"`);
    await runner.query(`DROP TABLE "adi_file"`);
    await runner.query(`DROP TABLE "adi_knowledge_base_star"`);
    await runner.query(`DROP TABLE "adi_prompt"`);
    await runner.query(`DROP TABLE "adi_conversation_preset_rel"`);
    await runner.query(`DROP TABLE "adi_conversation_preset"`);
  }
}
