import type { DataSource } from 'typeorm';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';

export interface QueryTerm {
  term: string;
  config: 'english' | 'simple';
}

export interface Candidate {
  embeddingId: string;
  kbUuid: string;
  kbItemUuid: string;
  text: string;
  title: string;
  chunkIndex: number;
  chunkCount: number;
  rank: number;
}

/** One knowledge base's part of a retrieval. */
export interface CandidateSearch {
  kbUuid: string;
  /** Chunks in the base as indexed: the N of each term's inverse document frequency. */
  documents: number;
  terms: readonly QueryTerm[];
  /** The caller keeps at most this many of the best chunks... */
  maxResults: number;
  /** ...and of those, only the ones whose rank is at least this share of the best chunk's. */
  minRelative: number;
}

/**
 * The most terms a question may have for a small base's statement to be prepared: 44 shapes at most (every mix
 * of English and Chinese or Japanese terms up to this many), each kept by every connection of the pool. A longer
 * question is planned for itself.
 */
const MAX_PREPARED_TERMS = 8;

/** Candidates the scan of every matching chunk returns. */
const CANDIDATES = 30;

/**
 * The most chunks the search through a question's rare terms reads. A question whose rarest term is in more
 * chunks than this is answered by scoring every chunk that holds any of its terms, which costs about the same.
 */
const RARE_TERM_CHUNKS = 500;

/** A question term as the index sees it, with the number of the base's chunks that hold it. */
interface TermCount {
  /** The term's `tsquery`, as text. */
  query: string;
  /** `none`: a stop word, which matches nothing; `one`: one lexeme; `many`: a term the parser split. */
  kind: 'none' | 'one' | 'many';
  chunks: number;
  /** Its weight in a chunk's rank, worked out by PostgreSQL as the full scan does. */
  weight: number;
}

/**
 * The best chunks of one knowledge base for a question, ranked like BM25 without term frequencies: a chunk
 * scores the inverse document frequency of each question term it holds, so a rare term counts for more than
 * a common one.
 *
 * Scoring every chunk that holds any of the question's terms reads half a base when the question uses its
 * commonest topic words. So the base's term counts (`adi_knowledge_base_term`) are read first, and the chunks
 * holding the question's rarest terms are scored alone. A chunk holding none of them scores at most the sum of
 * the common terms' weights; when that is below the share of the best rare chunk's rank that the caller keeps,
 * no such chunk could be kept, and the rare chunks are the whole answer (the max-score rule of search engines).
 * Otherwise every matching chunk is scored, as before.
 */
export class ChunkCandidates {
  private readonly sql: PoolQuery;

  constructor(dataSource: DataSource) {
    this.sql = poolQuery(dataSource);
  }

  async find(search: CandidateSearch): Promise<Candidate[]> {
    if (search.terms.length === 0) return [];
    // A small base is scored whole in one statement: reading its term counts first would cost more than it saves.
    if (search.documents <= RARE_TERM_CHUNKS) return this.scoreEveryMatch(search, true);
    const counts = await this.termCounts(search);
    if (counts.some((count) => count.kind === 'many')) return this.scoreEveryMatch(search);
    const present = counts.filter((count) => count.kind === 'one' && count.chunks > 0);
    if (present.length === 0) return [];
    const rare = rarestWithin(present, RARE_TERM_CHUNKS);
    if (rare.size === 0) return this.scoreEveryMatch(search);
    const found = await this.scoreRareMatches(search, present, rare);
    const common = present.filter((count) => !rare.has(count));
    if (common.length === 0) return found;
    const commonCeiling = common.reduce((sum, count) => sum + count.weight, 0);
    const best = found[0]?.rank ?? 0;
    // The margin covers the rounding of sums added in another order.
    if (commonCeiling * (1 + 1e-9) < search.minRelative * best) return found;
    return this.scoreEveryMatch(search);
  }

  /** Each term's query, kind, chunk count in the base and weight, in the order of the terms. */
  private termCounts(search: CandidateSearch): Promise<TermCount[]> {
    return this.sql.rows<TermCount>(
      `SELECT x."q"::text AS "query",
              CASE WHEN numnode(x."q") = 0 THEN 'none'
                   WHEN numnode(x."q") = 1 AND length(x."v") = 1 AND x."v" @@ x."q" THEN 'one'
                   ELSE 'many' END AS "kind",
              coalesce(k."chunk_count", 0) AS "chunks",
              ln(1 + $4::float8 / greatest(coalesce(k."chunk_count", 0), 1)) AS "weight"
         FROM unnest($2::regconfig[], $3::text[]) WITH ORDINALITY AS t("config", "term", "ord")
        CROSS JOIN LATERAL (SELECT to_tsquery(t."config", t."term") AS "q", to_tsvector(t."config", t."term") AS "v") AS x
         LEFT JOIN "adi_knowledge_base_term" k ON k."kb_uuid" = $1 AND k."lexeme" = (tsvector_to_array(x."v"))[1]
        ORDER BY t."ord"`,
      [
        search.kbUuid,
        search.terms.map((term) => term.config),
        search.terms.map((term) => term.term),
        Math.max(1, search.documents),
      ],
      'chunk_term_counts',
    );
  }

  /**
   * The best chunks among those holding a rare term, each ranked over all the question's terms. Planned each
   * time (not prepared), so that PostgreSQL sees how rare the terms are and reads them through the index.
   */
  private scoreRareMatches(
    search: CandidateSearch,
    present: readonly TermCount[],
    rare: ReadonlySet<TermCount>,
  ): Promise<Candidate[]> {
    return this.sql.rows<Candidate>(
      `SELECT c."embedding_id" AS "embeddingId", c."kb_uuid" AS "kbUuid", c."kb_item_uuid" AS "kbItemUuid", c."text",
              c."chunk_index" AS "chunkIndex", i."chunk_count" AS "chunkCount", i."title", s."rank"
         FROM "adi_knowledge_base_embedding" c
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid" AND NOT i."is_deleted"
        CROSS JOIN LATERAL (
              SELECT sum(w."weight") AS "rank"
                FROM unnest($3::tsquery[], $4::float8[]) AS w("query", "weight")
               WHERE c."search_vector" @@ w."query") AS s
        WHERE c."kb_uuid" = $1 AND c."search_vector" @@ $2::tsquery
        ORDER BY s."rank" DESC, c."chunk_index" ASC
        LIMIT $5`,
      [
        search.kbUuid,
        [...rare].map((count) => count.query).join(' | '),
        present.map((count) => count.query),
        present.map((count) => count.weight),
        search.maxResults,
      ],
    );
  }

  /**
   * Every chunk holding any of the question's terms, scored in one statement, with the terms' document
   * frequencies counted over those chunks.
   *
   * In a large base it is not prepared: after five runs PostgreSQL may keep a generic plan, which cannot see how
   * rare the question's terms are and scans the whole base. A small base (`small`) is scored by a prepared
   * statement when the question has at most {@link MAX_PREPARED_TERMS} terms, one per shape of question (how many
   * terms, in which languages); planning it cost PostgreSQL three times what running it does. For a plan made
   * for any terms to stay cheap, each term's query is worked out once (a sub-select, run once per statement, where
   * a generic plan would otherwise parse the terms again for every chunk), and the chunk test is written so that no
   * index serves it: no plan can then read the text index of every base, only this base's chunks.
   */
  private scoreEveryMatch(search: CandidateSearch, small = false): Promise<Candidate[]> {
    const prepared = small && search.terms.length <= MAX_PREPARED_TERMS;
    const params: string[] = [search.kbUuid];
    const parsed = search.terms.map(({ term, config }) => {
      params.push(term);
      return `to_tsquery('${config}', $${params.length})`;
    });
    const queries = prepared ? parsed.map((query) => `(SELECT ${query})`) : parsed;
    // Which terms each chunk holds is worked out once, then used for both the counts and the scores. The counts
    // are materialized: without statistics (a new base) the planner expects one matching chunk and would count
    // them again for every chunk it scores, 180 ms instead of 2.5 for 800 chunks.
    const hits = queries.map((query) => `c."search_vector" @@ ${query}`).join(', ');
    const matchAny = prepared
      ? `(c."search_vector" @@ (SELECT ${parsed.join(' || ')})) IS TRUE`
      : `c."search_vector" @@ (${parsed.join(' || ')})`;
    const counts = queries.map((_, i) => `count(*) FILTER (WHERE m."hits"[${i + 1}]) AS "d${i}"`).join(', ');
    const score = queries
      .map((_, i) => `(CASE WHEN m."hits"[${i + 1}] THEN ln(1 + t."n" / greatest(df."d${i}", 1)) ELSE 0 END)`)
      .join(' + ');
    params.push(String(Math.max(1, search.documents)));
    return this.sql.rows<Candidate>(
      `WITH matched AS (
         SELECT c."embedding_id", c."chunk_index", ARRAY[${hits}] AS "hits"
           FROM "adi_knowledge_base_embedding" c
          WHERE c."kb_uuid" = $1 AND ${matchAny}),
       df AS MATERIALIZED (SELECT ${counts} FROM matched m),
       t AS (SELECT $${params.length}::float8 AS "n"),
       ranked AS (
         SELECT m."embedding_id", m."chunk_index", ${score} AS "rank"
           FROM matched m, df, t
          ORDER BY "rank" DESC, m."chunk_index" ASC
          LIMIT ${CANDIDATES})
       SELECT r."embedding_id" AS "embeddingId", c."kb_uuid" AS "kbUuid", c."kb_item_uuid" AS "kbItemUuid", c."text",
              c."chunk_index" AS "chunkIndex", i."chunk_count" AS "chunkCount", i."title", r."rank"
         FROM ranked r
         JOIN "adi_knowledge_base_embedding" c ON c."embedding_id" = r."embedding_id"
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid" AND NOT i."is_deleted"
        ORDER BY r."rank" DESC, r."chunk_index" ASC`,
      params,
      prepared ? `chunk_small_base_${search.terms.map((term) => term.config[0]).join('')}` : undefined,
    );
  }
}

/** The rarest terms whose chunks, together, number at most `budget`. */
function rarestWithin(counts: readonly TermCount[], budget: number): Set<TermCount> {
  const rare = new Set<TermCount>();
  let chunks = 0;
  for (const count of [...counts].sort((a, b) => a.chunks - b.chunks)) {
    if (chunks + count.chunks > budget) break;
    chunks += count.chunks;
    rare.add(count);
  }
  return rare;
}
