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

/** Where a display number holds: within one answer (the default), or across a conversation's answers. */
export type NumberingScope = 'answer' | 'conversation';

/** The numbers a conversation's earlier answers gave their sources, by source id (chunk or graph element id). */
export type NumberingSeed = ReadonlyMap<string, number>;

/**
 * Conversation-wide numbers: a source cited by an earlier answer keeps its number; a new source continues the
 * sequence after the highest number the conversation has used. Sources are recognised by their real id,
 * since the short ids (E1, G1) are given afresh for every answer.
 */
export class ConversationNumbering implements NumberingStrategy {
  private readonly numbers = new Map<string, number>();
  private next: number;

  constructor(
    private readonly catalog: CitationCatalog,
    private readonly seed: NumberingSeed,
  ) {
    this.next = Math.max(0, ...seed.values()) + 1;
  }

  numberFor(citationId: string): number {
    let number = this.numbers.get(citationId);
    if (number === undefined) {
      const entry = this.catalog.get(citationId);
      const sourceId = entry && (entry.type === 'embedding' ? entry.payload.embeddingId : entry.payload.id);
      number = (sourceId !== undefined ? this.seed.get(sourceId) : undefined) ?? this.next++;
      this.numbers.set(citationId, number);
    }
    return number;
  }
}

export function createNumbering(
  mode: NumberingMode,
  catalog: CitationCatalog,
  seed?: NumberingSeed,
): NumberingStrategy {
  if (seed !== undefined) return new ConversationNumbering(catalog, seed);
  return mode === 'retrieval-rank' ? new RetrievalRankNumbering(catalog) : new FirstCitationNumbering();
}
