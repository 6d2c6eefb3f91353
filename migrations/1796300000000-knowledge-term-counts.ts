import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `adi_knowledge_base_term`: for each knowledge base, how many of its chunks hold each lexeme of the full-text
 * index. Retrieval weighs a question's words by how rare they are; with these counts it knows that before it
 * reads a chunk, and reads only the chunks that hold the rare words when the common ones cannot change the
 * answer (see `PgRetrieval`). Without them it had to score every chunk holding any of the question's words:
 * half of a base, when a question uses its commonest topic words.
 *
 * Triggers on the chunk table keep the counts, in the statement that writes the chunks, so no writer can
 * forget them and a rolled-back write takes its counts with it. They are statement-level, over the rows the
 * statement changed (transition tables), so that inserting a thousand chunks updates each lexeme once.
 */
export class KnowledgeTermCounts1796300000000 implements MigrationInterface {
  name = 'KnowledgeTermCounts1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_knowledge_base_term" ("kb_uuid" character varying(32) NOT NULL, "lexeme" text NOT NULL, "chunk_count" integer NOT NULL, CONSTRAINT "PK_3b41a8d1601d1ed7a68838c4f3e" PRIMARY KEY ("kb_uuid", "lexeme"))`,
    );
    // Each statement first takes the rows of the bases it changed, in key order: writers of one base count one
    // at a time, so that two of them never hold some counts each and wait for the other's (a deadlock), whoever
    // writes the chunks. Removed rows are counted off before added rows are counted in, so an update that keeps
    // a lexeme keeps its row. Counts that reach zero go.
    await runner.query(`
      CREATE FUNCTION "adi_knowledge_base_term_count"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM "adi_knowledge_base" WHERE "uuid" IN (SELECT "kb_uuid" FROM "removed_chunks")
            ORDER BY "uuid" FOR UPDATE;
        ELSIF TG_OP = 'INSERT' THEN
          PERFORM 1 FROM "adi_knowledge_base" WHERE "uuid" IN (SELECT "kb_uuid" FROM "added_chunks")
            ORDER BY "uuid" FOR UPDATE;
        ELSE
          PERFORM 1 FROM "adi_knowledge_base"
           WHERE "uuid" IN (SELECT "kb_uuid" FROM "removed_chunks" UNION SELECT "kb_uuid" FROM "added_chunks")
           ORDER BY "uuid" FOR UPDATE;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE "adi_knowledge_base_term" AS t SET "chunk_count" = t."chunk_count" - r."chunks"
            FROM (SELECT o."kb_uuid", l."lexeme", count(*)::int AS "chunks"
                    FROM "removed_chunks" o, unnest(tsvector_to_array(o."search_vector")) AS l("lexeme")
                   GROUP BY 1, 2) AS r
           WHERE t."kb_uuid" = r."kb_uuid" AND t."lexeme" = r."lexeme";
          DELETE FROM "adi_knowledge_base_term" AS t
           USING (SELECT DISTINCT o."kb_uuid", l."lexeme"
                    FROM "removed_chunks" o, unnest(tsvector_to_array(o."search_vector")) AS l("lexeme")) AS r
           WHERE t."kb_uuid" = r."kb_uuid" AND t."lexeme" = r."lexeme" AND t."chunk_count" <= 0;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO "adi_knowledge_base_term" ("kb_uuid", "lexeme", "chunk_count")
          SELECT n."kb_uuid", l."lexeme", count(*)::int
            FROM "added_chunks" n, unnest(tsvector_to_array(n."search_vector")) AS l("lexeme")
           GROUP BY 1, 2
           ORDER BY 1, 2
          ON CONFLICT ("kb_uuid", "lexeme")
          DO UPDATE SET "chunk_count" = "adi_knowledge_base_term"."chunk_count" + EXCLUDED."chunk_count";
        END IF;
        RETURN NULL;
      END $$`);
    // A trigger with transition tables fires on one kind of statement only, hence three.
    await runner.query(
      `CREATE TRIGGER "adi_knowledge_base_term_insert" AFTER INSERT ON "adi_knowledge_base_embedding"
         REFERENCING NEW TABLE AS "added_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "adi_knowledge_base_term_count"()`,
    );
    await runner.query(
      `CREATE TRIGGER "adi_knowledge_base_term_delete" AFTER DELETE ON "adi_knowledge_base_embedding"
         REFERENCING OLD TABLE AS "removed_chunks" FOR EACH STATEMENT EXECUTE FUNCTION "adi_knowledge_base_term_count"()`,
    );
    await runner.query(
      `CREATE TRIGGER "adi_knowledge_base_term_update" AFTER UPDATE ON "adi_knowledge_base_embedding"
         REFERENCING OLD TABLE AS "removed_chunks" NEW TABLE AS "added_chunks"
         FOR EACH STATEMENT EXECUTE FUNCTION "adi_knowledge_base_term_count"()`,
    );
    await runner.query(`
      CREATE FUNCTION "adi_knowledge_base_term_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM "adi_knowledge_base_term";
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER "adi_knowledge_base_term_truncate" AFTER TRUNCATE ON "adi_knowledge_base_embedding"
         FOR EACH STATEMENT EXECUTE FUNCTION "adi_knowledge_base_term_clear"()`,
    );
    // The chunks indexed before this migration.
    await runner.query(
      `INSERT INTO "adi_knowledge_base_term" ("kb_uuid", "lexeme", "chunk_count")
       SELECT c."kb_uuid", l."lexeme", count(*)::int
         FROM "adi_knowledge_base_embedding" c, unnest(tsvector_to_array(c."search_vector")) AS l("lexeme")
        GROUP BY 1, 2`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const trigger of ['insert', 'delete', 'update', 'truncate']) {
      await runner.query(`DROP TRIGGER "adi_knowledge_base_term_${trigger}" ON "adi_knowledge_base_embedding"`);
    }
    await runner.query(`DROP FUNCTION "adi_knowledge_base_term_count"()`);
    await runner.query(`DROP FUNCTION "adi_knowledge_base_term_clear"()`);
    await runner.query(`DROP TABLE "adi_knowledge_base_term"`);
  }
}
