import type { MigrationInterface, QueryRunner } from 'typeorm';

const GIN_INDEXES = ['IDX_knowledge_chunk_search', 'IDX_knowledge_graph_vertex_name'];

/**
 * The full-text and trigram indexes that retrieval searches on every question take new rows at once instead of
 * through GIN's pending list. With the list (the default), every search also read every row indexed since the
 * last vacuum, one by one: after indexing 10,000 chunks that was most of a retrieval's time, and it made the
 * planner pass the index by. Indexing a chunk costs a little more instead.
 */
export class RetrievalIndexes1796100000000 implements MigrationInterface {
  name = 'RetrievalIndexes1796100000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) {
      await runner.query(`ALTER INDEX "${index}" SET (fastupdate = off)`);
      // Rows already waiting in the list go into the index now.
      await runner.query(`SELECT gin_clean_pending_list('"${index}"'::regclass)`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) await runner.query(`ALTER INDEX "${index}" RESET (fastupdate)`);
  }
}
