import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EmbeddingPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../database/database.module.js';
import { ChunkCandidates, type QueryTerm } from './chunk-candidates.js';
import type { RetrievalBase, RetrievalPort, RetrievalResult } from './retrieval-port.js';
import { GraphRepository } from './graph.repository.js';
import { cjkTerms, wordTerms } from '../common/text-terms.js';

/** The legacy defaults, used when a knowledge base stores 0. */
export const DEFAULT_MAX_RESULTS = 3;
export const DEFAULT_MIN_SCORE = 0.6;
/** Question terms a query holds at most; the rest of a very long question is left out. */
const MAX_TERMS = 24;

/**
 * Lexical retrieval in PostgreSQL, the same on PGlite and on PostgreSQL 15: full-text search over the question's
 * English words (stemmed) and, for Chinese and Japanese, which have no spaces between words, its character
 * pairs. A chunk's score is its rank relative to the best candidate of its knowledge base, so the per-base
 * minimum score (0.6 by default) keeps the chunks close to the best match. How chunks are ranked, and how few
 * are read to find the best, is {@link ChunkCandidates}.
 */
@Injectable()
export class PgRetrieval implements RetrievalPort {
  private readonly chunks: ChunkCandidates;

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource,
    private readonly graphs: GraphRepository,
  ) {
    this.chunks = new ChunkCandidates(dataSource);
  }

  async retrieve(question: string, bases: readonly RetrievalBase[]): Promise<RetrievalResult> {
    const queryTerms: QueryTerm[] = [
      ...[...new Set(wordTerms(question))].map((term) => ({ term, config: 'english' as const })),
      ...[...new Set(cjkTerms(question))].map((term) => ({ term, config: 'simple' as const })),
    ].slice(0, MAX_TERMS);
    // The chunks and the graph facts are independent reads: on the PostgreSQL server each takes a connection of
    // the pool and they run at once; PGlite, which has one, runs them in turn.
    const [embeddings, graph] = await Promise.all([
      this.embeddings(queryTerms, bases),
      this.graphs.match(
        question,
        bases.map((base) => base.uuid),
      ),
    ]);
    const entitiesFromQuestion = graph.flatMap((fact) => (fact.kind === 'vertex' ? [fact.name] : []));
    return { embeddings, graph, entitiesFromQuestion };
  }

  /** The chunks of every base that rank close enough to that base's best, best first over all of them. */
  private async embeddings(queryTerms: QueryTerm[], bases: readonly RetrievalBase[]): Promise<EmbeddingPayload[]> {
    const hits: (EmbeddingPayload & { relative: number })[] = [];
    for (const base of bases) {
      const maxResults = base.retrieveMaxResults > 0 ? base.retrieveMaxResults : DEFAULT_MAX_RESULTS;
      const minScore = base.retrieveMinScore > 0 ? base.retrieveMinScore : DEFAULT_MIN_SCORE;
      const candidates = await this.chunks.find({
        kbUuid: base.uuid,
        documents: base.embeddingCount,
        terms: queryTerms,
        maxResults,
        minRelative: minScore,
      });
      const best = candidates[0]?.rank ?? 0;
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
          chunkIndex: candidate.chunkIndex,
          chunkCount: candidate.chunkCount,
          relative,
        });
      }
    }
    hits.sort((a, b) => b.relative - a.relative);
    return hits.map(({ relative: _relative, ...hit }) => hit);
  }
}
