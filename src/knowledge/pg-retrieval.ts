import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { EmbeddingPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE, VECTOR_SUPPORT } from '../platform/database/database.module.js';
import type { VectorSupport } from '../platform/database/vector-schema.js';
import type { EmbeddingClient } from '../model/embedding-client.js';
import { EMBEDDING_CLIENT } from '../model/model.module.js';
import { ChunkCandidates, type Candidate, type QueryTerm } from './chunk-candidates.js';
import { fuseByRank, type SideHit } from './hybrid-ranking.js';
import type { RetrievalBase, RetrievalPort, RetrievalResult } from './retrieval-port.js';
import { GraphRepository } from './graph.repository.js';
import { VectorRepository, type VectorCandidate, type VectorSpace } from './vector.repository.js';
import { cjkTerms, wordTerms } from '../text/terms.js';

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
 *
 * With an embeddings endpoint configured and pgvector present, the question is embedded once (within
 * EMBEDDING_QUERY_TIMEOUT_MS, while the words are searched), each base's nearest chunks of the configured model are
 * read too, and both lists are fused ({@link fuseByRank}). When the endpoint is slow or down, or the vector read
 * fails, the answer goes on with the lexical hits and says so (`retrieval: 'lexical'`).
 */
@Injectable()
export class PgRetrieval implements RetrievalPort {
  private readonly logger = new Logger(PgRetrieval.name);
  private readonly chunks: ChunkCandidates;
  private readonly space: VectorSpace | undefined;

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource,
    private readonly graphs: GraphRepository,
    @Optional() private readonly vectors?: VectorRepository,
    @Optional() @Inject(VECTOR_SUPPORT) support?: VectorSupport,
    @Optional() @Inject(EMBEDDING_CLIENT) private readonly embedder?: EmbeddingClient,
  ) {
    this.chunks = new ChunkCandidates(dataSource);
    this.space =
      support?.state === 'ready' && vectors && embedder
        ? { model: embedder.model, dimensions: embedder.dimensions }
        : undefined;
  }

  async retrieve(question: string, bases: readonly RetrievalBase[]): Promise<RetrievalResult> {
    // Started first: the endpoint works while the words are searched.
    const questionVector = this.space && bases.length > 0 ? this.embedQuestion(question) : undefined;
    const queryTerms: QueryTerm[] = [
      ...[...new Set(wordTerms(question))].map((term) => ({ term, config: 'english' as const })),
      ...[...new Set(cjkTerms(question))].map((term) => ({ term, config: 'simple' as const })),
    ].slice(0, MAX_TERMS);
    // The chunks, the graph facts and (once the question's vector is back) the nearest vectors are independent
    // reads: on the PostgreSQL server each takes a connection of the pool and they run at once, so the vector
    // side costs no more than the slower of the two; PGlite, which has one connection, runs them in turn.
    const [lexical, graph, vector] = await Promise.all([
      this.lexicalHits(queryTerms, bases),
      this.graphs.match(
        question,
        bases.map((base) => base.uuid),
      ),
      questionVector?.then((vector) => this.vectorHits(vector, bases)),
    ]);
    const entitiesFromQuestion = graph.flatMap((fact) => (fact.kind === 'vertex' ? [fact.name] : []));
    if (!vector) {
      // Without embeddings configured, the result says nothing of vectors: it is what it always was.
      const kind = this.embedder ? { retrieval: 'lexical' as const } : {};
      return { embeddings: lexicalOnly(lexical), graph, entitiesFromQuestion, ...kind };
    }
    return { embeddings: fused(lexical, vector, bases), graph, entitiesFromQuestion, retrieval: 'hybrid' };
  }

  /** The question's vector, or undefined (logged) when the endpoint fails or is slower than allowed. */
  private async embedQuestion(question: string): Promise<number[] | undefined> {
    try {
      return await this.embedder!.embedQuestion(question);
    } catch (error) {
      this.logger.warn({
        message: 'question not embedded; retrieval is lexical for this question',
        code: (error as { code?: string }).code,
        error: (error as Error).message,
      });
      return undefined;
    }
  }

  /** Each base's nearest chunks, or undefined (logged) when the read fails. */
  private async vectorHits(
    questionVector: number[] | undefined,
    bases: readonly RetrievalBase[],
  ): Promise<Map<string, VectorCandidate[]> | undefined> {
    if (!questionVector) return undefined;
    try {
      const byBase = new Map<string, VectorCandidate[]>();
      for (const base of bases) {
        const { maxResults } = settingsOf(base);
        byBase.set(
          base.uuid,
          await this.vectors!.nearest(base.uuid, base.embeddingCount, this.space!, questionVector, maxResults),
        );
      }
      return byBase;
    } catch (error) {
      this.logger.warn({
        message: 'vector search failed; retrieval is lexical for this question',
        error: (error as Error).message,
      });
      return undefined;
    }
  }

  /** Each base's lexical candidates, with their rank relative to the base's best. */
  private async lexicalHits(
    queryTerms: QueryTerm[],
    bases: readonly RetrievalBase[],
  ): Promise<Map<string, SideHit<Candidate>[]>> {
    const byBase = new Map<string, SideHit<Candidate>[]>();
    for (const base of bases) {
      const { maxResults, minScore } = settingsOf(base);
      const candidates = await this.chunks.find({
        kbUuid: base.uuid,
        documents: base.embeddingCount,
        terms: queryTerms,
        maxResults,
        minRelative: minScore,
      });
      const best = candidates[0]?.rank ?? 0;
      byBase.set(
        base.uuid,
        candidates
          .slice(0, maxResults)
          .map((candidate) => ({ chunk: candidate, score: best > 0 ? candidate.rank / best : 0 }))
          .filter((hit) => hit.score >= minScore),
      );
    }
    return byBase;
  }
}

function settingsOf(base: RetrievalBase): { maxResults: number; minScore: number } {
  return {
    maxResults: base.retrieveMaxResults > 0 ? base.retrieveMaxResults : DEFAULT_MAX_RESULTS,
    minScore: base.retrieveMinScore > 0 ? base.retrieveMinScore : DEFAULT_MIN_SCORE,
  };
}

function payloadOf(chunk: Candidate | VectorCandidate, score: number): EmbeddingPayload {
  return {
    embeddingId: chunk.embeddingId,
    text: chunk.text,
    score: round2(score),
    kbUuid: chunk.kbUuid,
    kbItemUuid: chunk.kbItemUuid,
    title: chunk.title,
    chunkIndex: chunk.chunkIndex,
    chunkCount: chunk.chunkCount,
  };
}

/** The chunks of every base that rank close enough to that base's best, best first over all of them. */
function lexicalOnly(lexical: Map<string, SideHit<Candidate>[]>): EmbeddingPayload[] {
  const hits = [...lexical.values()].flat();
  hits.sort((a, b) => b.score - a.score);
  return hits.map((hit) => payloadOf(hit.chunk, hit.score));
}

/** Each base's lexical and vector hits fused; over all bases, best fused score first. */
function fused(
  lexical: Map<string, SideHit<Candidate>[]>,
  vector: Map<string, VectorCandidate[]>,
  bases: readonly RetrievalBase[],
): EmbeddingPayload[] {
  const hits = bases.flatMap((base) =>
    fuseByRank<Candidate | VectorCandidate>(
      lexical.get(base.uuid) ?? [],
      // The relevance of the server this project ports: (1 + cosine) / 2, on the same 0…1 scale as the minimum.
      (vector.get(base.uuid) ?? []).map((chunk) => ({ chunk, score: (1 + chunk.similarity) / 2 })),
      settingsOf(base),
    ),
  );
  hits.sort((a, b) => b.score - a.score);
  return hits.map((hit) => ({
    ...payloadOf(hit.chunk, hit.score),
    ...(hit.lexicalScore !== undefined ? { lexicalScore: round2(hit.lexicalScore) } : {}),
    ...(hit.vectorScore !== undefined ? { vectorScore: round2(hit.vectorScore) } : {}),
  }));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
