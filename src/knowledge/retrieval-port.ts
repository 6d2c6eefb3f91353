import type { EmbeddingPayload, GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import type { KnowledgeBaseEntity } from '../platform/database/entities/index.js';

/** What retrieval found for one question: chunks in rank order, and graph facts. */
export interface RetrievalResult {
  embeddings: EmbeddingPayload[];
  graph: (GraphVertexPayload | GraphEdgePayload)[];
  /** The entities the question was matched on, for the legacy graph-ref reply. */
  entitiesFromQuestion: string[];
  /** Which retrieval ran: `hybrid` (words and vectors) or `lexical` (words only: no embeddings, or they failed). */
  retrieval?: RetrievalKind;
}

export type RetrievalKind = 'hybrid' | 'lexical';

/**
 * What retrieval needs of a knowledge base. Callers have read the bases already, to check that the user may
 * read them; retrieval takes them as they are rather than reading them a second time per question.
 */
export type RetrievalBase = Pick<
  KnowledgeBaseEntity,
  'uuid' | 'retrieveMaxResults' | 'retrieveMinScore' | 'embeddingCount'
>;

/** The retrieval source behind the ask endpoint. */
export interface RetrievalPort {
  retrieve(question: string, bases: readonly RetrievalBase[]): Promise<RetrievalResult>;
}

export const RETRIEVAL_PORT = Symbol('RETRIEVAL_PORT');
