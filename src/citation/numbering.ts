import type { CitationCatalog } from './citation-catalog.js';

/**
 * How cited sources get their display numbers. Whatever the strategy, a number once given to an id never
 * changes within an answer: the stream is append-only and a number a reader has seen cannot be taken back.
 */
export interface NumberingStrategy {
  /** The display number of `citationId`, giving it one if it has none yet. */
  numberFor(citationId: string): number;
}

export type NumberingMode = 'first-citation' | 'retrieval-rank';

/** 1, 2, 3 … in the order sources are first cited: no gaps. The default. */
export class FirstCitationNumbering implements NumberingStrategy {
  private readonly numbers = new Map<string, number>();

  numberFor(citationId: string): number {
    let number = this.numbers.get(citationId);
    if (number === undefined) {
      number = this.numbers.size + 1;
      this.numbers.set(citationId, number);
    }
    return number;
  }
}

/** The source's position in the catalog, fixed before the model runs; numbers of uncited sources are gaps. */
export class RetrievalRankNumbering implements NumberingStrategy {
  constructor(private readonly catalog: CitationCatalog) {}

  numberFor(citationId: string): number {
    const rank = this.catalog.rank(citationId);
    if (rank === undefined) throw new Error(`${citationId} is not in the catalog`);
    return rank;
  }
}

export function createNumbering(mode: NumberingMode, catalog: CitationCatalog): NumberingStrategy {
  return mode === 'retrieval-rank' ? new RetrievalRankNumbering(catalog) : new FirstCitationNumbering();
}
