import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Knowledge-graph vertices and edges, in plain tables: no graph extension is needed. */
export class KnowledgeGraph1795500000000 implements MigrationInterface {
  name = 'KnowledgeGraph1795500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "adi_knowledge_graph_vertex" ("id" character varying(64) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "label" character varying(64) NOT NULL DEFAULT '', "name" character varying(250) NOT NULL, "description" text NOT NULL DEFAULT '', "text_segment_id" character varying(64) NOT NULL DEFAULT '', "metadata" text NOT NULL DEFAULT '{}', "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e5372b84dd3895b70ff81572a1d" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_fcd30b9fe55b9a9e57f8a70ba0" ON "adi_knowledge_graph_vertex"  ("kb_uuid") `);
    await runner.query(
      `CREATE TABLE "adi_knowledge_graph_edge" ("id" character varying(64) NOT NULL, "kb_uuid" character varying(32) NOT NULL, "label" character varying(64) NOT NULL, "weight" double precision NOT NULL DEFAULT '1', "description" text NOT NULL DEFAULT '', "text_segment_id" character varying(64) NOT NULL DEFAULT '', "metadata" text NOT NULL DEFAULT '{}', "start_id" character varying(64) NOT NULL, "end_id" character varying(64) NOT NULL, "create_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f51d7c8abb6f49d28eacfd116bb" PRIMARY KEY ("id"))`,
    );
    await runner.query(`CREATE INDEX "IDX_d4f4b2ec483700d69ded0ed459" ON "adi_knowledge_graph_edge"  ("kb_uuid") `);
    await runner.query(`CREATE INDEX "IDX_8d0028a1be0d63c0ceca7dbf8e" ON "adi_knowledge_graph_edge"  ("start_id") `);
    await runner.query(`CREATE INDEX "IDX_0192315363b2d095a4d607531b" ON "adi_knowledge_graph_edge"  ("end_id") `);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "adi_knowledge_graph_edge"`);
    await runner.query(`DROP TABLE "adi_knowledge_graph_vertex"`);
  }
}
