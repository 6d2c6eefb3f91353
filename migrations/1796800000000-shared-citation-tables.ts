import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The old Q&A citation tables, each with the shared table that takes its rows and the columns they share. */
const MOVES = [
  {
    old: 'adi_knowledge_base_qa_citation_paragraph',
    shared: 'adi_conversation_message_citation_paragraph',
    columns: ['paragraph_index', 'text', 'citation_ids_json', 'is_supported', 'support_verdict', 'is_inferred'],
  },
  {
    old: 'adi_knowledge_base_qa_citation',
    shared: 'adi_conversation_message_citation',
    columns: [
      'paragraph_index',
      'citation_id',
      'display_number',
      'citation_type',
      'source_id',
      'support_score',
      'support_verdict',
      'support_evidence',
      'quote_text',
      'quote_start',
      'quote_end',
    ],
  },
  {
    old: 'adi_knowledge_base_qa_citation_ref',
    shared: 'adi_conversation_message_citation_ref',
    columns: ['citation_id', 'display_number', 'citation_type', 'source_id', 'payload_json'],
  },
] as const;

const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/**
 * One set of citation tables for both kinds of answer. The conversation answer's tables now also keep the
 * knowledge-base Q&A page's rows: each row belongs to an answer message (`message_id`) or to a Q&A record
 * (`qa_record_id`), exactly one. The Q&A rows already stored are moved over in their order (ids ascending, so
 * that reading them by id gives the order they had), the old tables are dropped, and views of the same names
 * and columns show the moved rows, so that anything still reading the old tables reads them as before.
 */
export class SharedCitationTables1796800000000 implements MigrationInterface {
  name = 'SharedCitationTables1796800000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const { old, shared, columns } of MOVES) {
      await runner.query(
        `ALTER TABLE "${shared}" ALTER COLUMN "message_id" DROP NOT NULL, ADD "qa_record_id" bigint,
           ADD CONSTRAINT "CHK_${shared}_owner" CHECK (num_nonnulls("message_id", "qa_record_id") = 1)`,
      );
      await runner.query(
        `INSERT INTO "${shared}" ("qa_record_id", ${quoted(columns)})
         SELECT "qa_record_id", ${quoted(columns)} FROM "${old}" ORDER BY "id"`,
      );
      await runner.query(`DROP TABLE "${old}"`);
      await runner.query(
        `CREATE VIEW "${old}" AS SELECT "id", "qa_record_id", ${quoted(columns)}
           FROM "${shared}" WHERE "qa_record_id" IS NOT NULL`,
      );
    }
    await runner.query(
      `CREATE INDEX "IDX_citation_paragraph_qa_record" ON "adi_conversation_message_citation_paragraph" ("qa_record_id", "paragraph_index")`,
    );
    await runner.query(
      `CREATE INDEX "IDX_citation_qa_record" ON "adi_conversation_message_citation" ("qa_record_id", "paragraph_index")`,
    );
    await runner.query(
      `CREATE INDEX "IDX_citation_ref_qa_record" ON "adi_conversation_message_citation_ref" ("qa_record_id")`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "IDX_citation_ref_qa_record"`);
    await runner.query(`DROP INDEX "IDX_citation_qa_record"`);
    await runner.query(`DROP INDEX "IDX_citation_paragraph_qa_record"`);
    for (const { old, shared } of [...MOVES].reverse()) {
      // The view's rows become a table of their own again (ids and all), and leave the shared table.
      await runner.query(`CREATE TABLE "${old}_rows" AS SELECT * FROM "${old}"`);
      await runner.query(`DROP VIEW "${old}"`);
      await runner.query(`ALTER TABLE "${old}_rows" RENAME TO "${old}"`);
      await runner.query(`ALTER TABLE "${old}" ADD PRIMARY KEY ("id")`);
      await runner.query(`CREATE SEQUENCE "${old}_id_seq" OWNED BY "${old}"."id"`);
      await runner.query(`SELECT setval('"${old}_id_seq"', coalesce((SELECT max("id") FROM "${old}"), 0) + 1, false)`);
      await runner.query(`ALTER TABLE "${old}" ALTER COLUMN "id" SET DEFAULT nextval('"${old}_id_seq"')`);
      await runner.query(`DELETE FROM "${shared}" WHERE "qa_record_id" IS NOT NULL`);
      await runner.query(
        `ALTER TABLE "${shared}" DROP CONSTRAINT "CHK_${shared}_owner", DROP COLUMN "qa_record_id",
           ALTER COLUMN "message_id" SET NOT NULL`,
      );
    }
  }
}
