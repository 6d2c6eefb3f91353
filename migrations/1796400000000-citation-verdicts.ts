import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support check's three verdicts (verified, unverified, contradicted) and their evidence: per citation the
 * evidence (source spans, and what disagrees when contradicted), per paragraph its verdict as a whole, and the
 * answer's counts of each. Rows stored before keep what they hold: `support_verdict` 'supported' reads as
 * verified and 'unsupported' as unverified (the older check could not tell a contradiction), and a paragraph
 * without a verdict reads it from `is_supported`.
 */
export class CitationVerdicts1796400000000 implements MigrationInterface {
  name = 'CitationVerdicts1796400000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of ['adi_conversation_message_citation', 'adi_knowledge_base_qa_citation']) {
      await runner.query(`ALTER TABLE "${table}" ADD "support_evidence" jsonb`);
    }
    for (const table of ['adi_conversation_message_citation_paragraph', 'adi_knowledge_base_qa_citation_paragraph']) {
      await runner.query(`ALTER TABLE "${table}" ADD "support_verdict" character varying(16)`);
    }
    await runner.query(
      `ALTER TABLE "adi_conversation_message" ADD "verified_citation_count" integer NOT NULL DEFAULT '0', ADD "unverified_citation_count" integer NOT NULL DEFAULT '0', ADD "contradicted_citation_count" integer NOT NULL DEFAULT '0', ADD "verified_paragraph_count" integer NOT NULL DEFAULT '0', ADD "contradicted_paragraph_count" integer NOT NULL DEFAULT '0'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "adi_conversation_message" DROP COLUMN "contradicted_paragraph_count", DROP COLUMN "verified_paragraph_count", DROP COLUMN "contradicted_citation_count", DROP COLUMN "unverified_citation_count", DROP COLUMN "verified_citation_count"`,
    );
    for (const table of ['adi_knowledge_base_qa_citation_paragraph', 'adi_conversation_message_citation_paragraph']) {
      await runner.query(`ALTER TABLE "${table}" DROP COLUMN "support_verdict"`);
    }
    for (const table of ['adi_knowledge_base_qa_citation', 'adi_conversation_message_citation']) {
      await runner.query(`ALTER TABLE "${table}" DROP COLUMN "support_evidence"`);
    }
  }
}
