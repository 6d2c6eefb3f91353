import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the support check found, stored per citation (score, verdict, verified quote, a model verifier's later
 * verdict) and per paragraph (supported, inferred), and the answer's counts: unsupported citations, supported
 * and inferred paragraphs, unverified quotes, and whether it was a refusal or cut off by the token limit.
 */
export class CitationTrust1795900000000 implements MigrationInterface {
  name = 'CitationTrust1795900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_conversation_message_citation" ADD "support_score" double precision, ADD "support_verdict" character varying(16), ADD "quote_text" text, ADD "quote_start" integer, ADD "quote_end" integer, ADD "model_verdict" character varying(16), ADD "model_score" double precision`,
    );
    await runner.query(
      `ALTER TABLE "adi_conversation_message_citation_paragraph" ADD "is_supported" boolean, ADD "is_inferred" boolean NOT NULL DEFAULT false`,
    );
    await runner.query(
      `ALTER TABLE "adi_conversation_message" ADD "unsupported_citation_count" integer NOT NULL DEFAULT '0', ADD "supported_paragraph_count" integer NOT NULL DEFAULT '0', ADD "inferred_paragraph_count" integer NOT NULL DEFAULT '0', ADD "unverified_quote_count" integer NOT NULL DEFAULT '0', ADD "is_refused" boolean NOT NULL DEFAULT false, ADD "is_truncated" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_conversation_message" DROP COLUMN "is_truncated", DROP COLUMN "is_refused", DROP COLUMN "unverified_quote_count", DROP COLUMN "inferred_paragraph_count", DROP COLUMN "supported_paragraph_count", DROP COLUMN "unsupported_citation_count"`,
    );
    await runner.query(
      `ALTER TABLE "adi_conversation_message_citation_paragraph" DROP COLUMN "is_inferred", DROP COLUMN "is_supported"`,
    );
    await runner.query(
      `ALTER TABLE "adi_conversation_message_citation" DROP COLUMN "model_score", DROP COLUMN "model_verdict", DROP COLUMN "quote_end", DROP COLUMN "quote_start", DROP COLUMN "quote_text", DROP COLUMN "support_verdict", DROP COLUMN "support_score"`,
    );
  }
}
