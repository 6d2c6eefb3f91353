import type { EmbeddingPayload, GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';

/** What retrieval found for one question: chunks in rank order, and graph facts. */
export interface RetrievalResult {
  embeddings: EmbeddingPayload[];
  graph: (GraphVertexPayload | GraphEdgePayload)[];
  /** The entities the question was matched on, for the legacy graph-ref reply. */
  entitiesFromQuestion: string[];
}

/** The retrieval source behind the ask endpoint. */
export interface RetrievalPort {
  retrieve(question: string, knowledgeBaseUuids: readonly string[]): Promise<RetrievalResult>;
}

export const RETRIEVAL_PORT = Symbol('RETRIEVAL_PORT');
