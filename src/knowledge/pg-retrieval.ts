import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EmbeddingPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../database/database.module.js';
import { poolQuery } from '../database/pool-query.js';
import type { RetrievalBase, RetrievalPort, RetrievalResult } from './retrieval-port.js';
import { GraphRepository } from './graph.repository.js';
import { cjkTerms, wordTerms } from '../common/text-terms.js';

/** The legacy defaults, used when a knowledge base stores 0. */
export const DEFAULT_MAX_RESULTS = 3;
export const DEFAULT_MIN_SCORE = 0.6;
/** Candidates a knowledge base contributes before scoring. */
const CANDIDATES = 30;

/** Question terms a query holds at most; the rest of a very long question is left out. */
const MAX_TERMS = 24;

interface QueryTerm {
  term: string;
  config: 'english' | 'simple';
}

interface Candidate {
  embeddingId: string;
  kbUuid: string;
  kbItemUuid: string;
  text: string;
  title: string;
  rank: number;
}

/**
 * Lexical retrieval in PostgreSQL, the same on PGlite and on PostgreSQL 15: full-text search over the question's
 * English words (stemmed) and, for Chinese and Japanese, which have no spaces between words, its character
 * pairs. A chunk's score is its rank relative to the best candidate of its knowledge base, so the per-base
 * minimum score (0.6 by default) keeps the chunks close to the best match.
 */
@Injectable()
export class PgRetrieval implements RetrievalPort {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly graphs: GraphRepository,
  ) {}

  async retrieve(question: string, bases: readonly RetrievalBase[]): Promise<RetrievalResult> {
    const queryTerms = [
      ...[...new Set(wordTerms(question))].map((term) => ({ term, config: 'english' as const })),
      ...[...new Set(cjkTerms(question))].map((term) => ({ term, config: 'simple' as const })),
    ].slice(0, MAX_TERMS);
    const hits: (EmbeddingPayload & { relative: number })[] = [];
    for (const base of bases) {
      const candidates = await this.candidates(base.uuid, base.embeddingCount, queryTerms);
      const best = candidates[0]?.rank ?? 0;
      const maxResults = base.retrieveMaxResults > 0 ? base.retrieveMaxResults : DEFAULT_MAX_RESULTS;
      const minScore = base.retrieveMinScore > 0 ? base.retrieveMinScore : DEFAULT_MIN_SCORE;
      for (const candidate of candidates.slice(0, maxResults)) {
        const relative = best > 0 ? candidate.rank / best : 0;
        if (relative < minScore) continue;
        hits.push({
          embeddingId: candidate.embeddingId,
          text: candidate.text,
          score: Math.round(relative * 100) / 100,
          kbUuid: candidate.kbUuid,
          kbItemUuid: candidate.kbItemUuid,
          title: candidate.title,
          relative,
        });
      }
    }
    hits.sort((a, b) => b.relative - a.relative);
    const embeddings = hits.map(({ relative: _relative, ...hit }) => hit);
    const graph = await this.graphs.match(
      question,
      bases.map((base) => base.uuid),
    );
    const entitiesFromQuestion = graph.flatMap((fact) => (fact.kind === 'vertex' ? [fact.name] : []));
    return { embeddings, graph, entitiesFromQuestion };
  }

  /**
   * The best chunks of one knowledge base, ranked in one statement like BM25 without term frequencies: a chunk
   * scores the inverse document frequency of each question term it holds, so a rare word counts for more than
   * a common one. Chunks are found through the GIN index on `search_vector`.
   */
  private candidates(kbUuid: string, documents: number, queryTerms: readonly QueryTerm[]): Promise<Candidate[]> {
    if (queryTerms.length === 0) return Promise.resolve([]);
    const params: string[] = [kbUuid];
    const queries = queryTerms.map(({ term, config }) => {
      params.push(term);
      return `to_tsquery('${config}', $${params.length})`;
    });
    // Which terms each chunk holds is worked out once, then used for both the counts and the scores.
    const hits = queries.map((query) => `c."search_vector" @@ ${query}`).join(', ');
    const counts = queries.map((_, i) => `count(*) FILTER (WHERE m."hits"[${i + 1}]) AS "d${i}"`).join(', ');
    const score = queries
      .map((_, i) => `(CASE WHEN m."hits"[${i + 1}] THEN ln(1 + t."n" / greatest(df."d${i}", 1)) ELSE 0 END)`)
      .join(' + ');
    params.push(String(Math.max(1, documents)));
    // Not prepared: after five runs PostgreSQL may keep a generic plan, which cannot see how rare the question's
    // terms are and scans the whole base (retrieval p50 19 ms against 8 ms on bench:retrieval's 10,000 chunks).
    return poolQuery(this.dataSource).rows<Candidate>(
      `WITH matched AS (
         SELECT c."embedding_id", c."chunk_index", ARRAY[${hits}] AS "hits"
           FROM "adi_knowledge_base_embedding" c
          WHERE c."kb_uuid" = $1 AND c."search_vector" @@ (${queries.join(' || ')})),
       df AS (SELECT ${counts} FROM matched m),
       t AS (SELECT $${params.length}::float8 AS "n"),
       ranked AS (
         SELECT m."embedding_id", m."chunk_index", ${score} AS "rank"
           FROM matched m, df, t
          ORDER BY "rank" DESC, m."chunk_index" ASC
          LIMIT ${CANDIDATES})
       SELECT r."embedding_id" AS "embeddingId", c."kb_uuid" AS "kbUuid", c."kb_item_uuid" AS "kbItemUuid", c."text",
              i."title", r."rank"
         FROM ranked r
         JOIN "adi_knowledge_base_embedding" c ON c."embedding_id" = r."embedding_id"
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid" AND NOT i."is_deleted"
        ORDER BY r."rank" DESC, r."chunk_index" ASC`,
      params,
    );
  }
}
