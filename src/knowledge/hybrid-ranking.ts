/** A chunk one side of retrieval nominated, with that side's score (0…1, higher is better). */
export interface SideHit<T> {
  chunk: T;
  /** Lexical: the rank relative to the base's best lexical match. Vector: (1 + cosine) / 2. */
  score: number;
}

export interface FusedHit<T> {
  chunk: T;
  /** Reciprocal rank fusion, scaled so that a chunk first on both sides scores 1 and first on one side 0.5. */
  score: number;
  lexicalScore: number | undefined;
  vectorScore: number | undefined;
}

/** The usual constant of reciprocal rank fusion: it flattens the gap between the first few ranks. */
export const RRF_K = 60;

/**
 * Lexical and vector hits of one knowledge base, fused by reciprocal rank fusion: a chunk scores Σ 1/(k + rank)
 * over the sides that nominated it. Ranks rather than scores are fused because the two scales do not compare (a
 * BM25-like rank relative to the best, a cosine similarity whose useful range depends on the model), and RRF
 * needs no tuning per model. The base's settings keep their meaning: each side nominates only chunks at or above
 * `minScore` on its own scale (for vectors the relevance (1 + cosine) / 2 of the server this project ports, so
 * 0.6 keeps a cosine of 0.2 or more), and `maxResults` chunks are kept after fusion. Ties keep the lexical order.
 */
export function fuseByRank<T extends { embeddingId: string }>(
  lexical: readonly SideHit<T>[],
  vector: readonly SideHit<T>[],
  settings: { maxResults: number; minScore: number },
): FusedHit<T>[] {
  const fused = new Map<string, FusedHit<T> & { rrf: number; order: number }>();
  const add = (hits: readonly SideHit<T>[], side: 'lexicalScore' | 'vectorScore') => {
    hits
      .filter((hit) => hit.score >= settings.minScore)
      .forEach((hit, index) => {
        const id = hit.chunk.embeddingId;
        const entry = fused.get(id) ?? {
          chunk: hit.chunk,
          score: 0,
          lexicalScore: undefined,
          vectorScore: undefined,
          rrf: 0,
          order: fused.size,
        };
        entry.rrf += 1 / (RRF_K + index + 1);
        entry[side] = hit.score;
        fused.set(id, entry);
      });
  };
  add(lexical, 'lexicalScore');
  add(vector, 'vectorScore');
  const best = 2 / (RRF_K + 1);
  return [...fused.values()]
    .sort((a, b) => b.rrf - a.rrf || a.order - b.order)
    .slice(0, settings.maxResults)
    .map(({ rrf, order: _order, ...hit }) => ({ ...hit, score: rrf / best }));
}
