/**
 * The sources offered to the model for one answer, under their short citation ids. The catalog is fixed
 * before the model is called; nothing the model writes can add to it.
 */

export type CitationType = 'embedding' | 'graph';

/** `payload` of an embedding citation: the retrieved chunk. */
export interface EmbeddingPayload {
  embeddingId: string;
  text: string;
  score: number;
  kbUuid: string;
  kbItemUuid: string;
  title: string;
  /** Where the chunk is in its document, from 0, and how many chunks the document has: two chunks of one file are
   * told apart by them. Absent from sources stored before they were added. */
  chunkIndex?: number;
  chunkCount?: number;
  /** Hybrid retrieval only: the scores of each side that found the chunk (absent for a side that did not). */
  lexicalScore?: number;
  vectorScore?: number;
}

/** A knowledge-graph vertex, with the field names legacy clients read. */
export interface GraphVertexPayload {
  kind: 'vertex';
  id: string;
  label: string;
  name: string;
  description: string;
  text_segment_id: string;
  metadata: Record<string, unknown>;
}

/** A knowledge-graph edge, with the field names legacy clients read. */
export interface GraphEdgePayload {
  kind: 'edge';
  id: string;
  label: string;
  weight: number;
  description: string;
  text_segment_id: string;
  metadata: Record<string, unknown>;
  startId: string;
  sourceName: string;
  endId: string;
  targetName: string;
}

export type CatalogEntry =
  | { citationId: string; type: 'embedding'; payload: EmbeddingPayload }
  | { citationId: string; type: 'graph'; payload: GraphVertexPayload | GraphEdgePayload };

export class CitationCatalog {
  private readonly byId: ReadonlyMap<string, CatalogEntry>;
  private readonly rankById: ReadonlyMap<string, number>;

  /** `entries` in retrieval rank order: embedding hits first (`E1…`), then graph hits (`G1…`). */
  constructor(readonly entries: readonly CatalogEntry[]) {
    this.byId = new Map(entries.map((entry) => [entry.citationId, entry]));
    this.rankById = new Map(entries.map((entry, index) => [entry.citationId, index + 1]));
    if (this.byId.size !== entries.length) throw new Error('citation ids in a catalog must be unique');
  }

  get(citationId: string): CatalogEntry | undefined {
    return this.byId.get(citationId);
  }

  /** 1-based position in the catalog, for rank numbering. */
  rank(citationId: string): number | undefined {
    return this.rankById.get(citationId);
  }

  /** Assigns `E1…En` to chunk hits and `G1…Gm` to graph hits, in the order given. */
  static fromHits(
    embeddings: readonly EmbeddingPayload[],
    graph: readonly (GraphVertexPayload | GraphEdgePayload)[],
  ): CitationCatalog {
    return new CitationCatalog([
      ...embeddings.map((payload, i): CatalogEntry => ({ citationId: `E${i + 1}`, type: 'embedding', payload })),
      ...graph.map((payload, i): CatalogEntry => ({ citationId: `G${i + 1}`, type: 'graph', payload })),
    ]);
  }
}
