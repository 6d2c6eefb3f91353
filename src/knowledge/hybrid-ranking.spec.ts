import { fuseByRank, RRF_K, type SideHit } from './hybrid-ranking.js';

const chunk = (id: string) => ({ embeddingId: id });
const hits = (...entries: [string, number][]): SideHit<{ embeddingId: string }>[] =>
  entries.map(([id, score]) => ({ chunk: chunk(id), score }));

describe('fuseByRank', () => {
  it('puts a chunk both sides found above chunks found by one side only', () => {
    const fused = fuseByRank(hits(['a', 1], ['b', 0.9]), hits(['c', 0.9], ['b', 0.8]), {
      maxResults: 3,
      minScore: 0.6,
    });
    expect(fused.map((hit) => hit.chunk.embeddingId)).toEqual(['b', 'a', 'c']);
    expect(fused[0]).toMatchObject({ lexicalScore: 0.9, vectorScore: 0.8 });
  });

  it('finds by the vector side alone a chunk that shares no word with the question', () => {
    const fused = fuseByRank([], hits(['only-by-meaning', 0.93]), { maxResults: 3, minScore: 0.6 });
    expect(fused).toEqual([
      { chunk: chunk('only-by-meaning'), score: 0.5, lexicalScore: undefined, vectorScore: 0.93 },
    ]);
  });

  it('keeps retrieveMinScore per side and retrieveMaxResults after fusion', () => {
    const fused = fuseByRank(hits(['a', 1], ['low', 0.5]), hits(['b', 0.7], ['far', 0.55], ['c', 0.65]), {
      maxResults: 2,
      minScore: 0.6,
    });
    expect(fused.map((hit) => hit.chunk.embeddingId)).toEqual(['a', 'b']);
  });

  it('scores a chunk first on both sides 1, and lets ties keep the lexical order', () => {
    const fused = fuseByRank(hits(['a', 1]), hits(['a', 0.9]), { maxResults: 3, minScore: 0 });
    expect(fused[0]!.score).toBeCloseTo(1, 10);
    const tie = fuseByRank(hits(['lex', 1]), hits(['vec', 1]), { maxResults: 3, minScore: 0 });
    expect(tie.map((hit) => hit.chunk.embeddingId)).toEqual(['lex', 'vec']);
    expect(tie[1]!.score).toBeCloseTo(1 / (RRF_K + 1) / (2 / (RRF_K + 1)), 10);
  });
});
