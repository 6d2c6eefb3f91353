import { createHash } from 'node:crypto';
import type { EmbeddingPayload, GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import type { RetrievalPort, RetrievalResult } from './retrieval-port.js';
import { SAMPLE_DOCUMENTS, SAMPLE_GRAPH, SAMPLE_KNOWLEDGE_BASE_UUID } from './sample-corpus.js';
import { terms } from './text-terms.js';

interface IndexedChunk {
  payload: Omit<EmbeddingPayload, 'score'>;
  terms: Set<string>;
}

/** A stable UUID for a sample chunk, so that its id survives restarts. */
function chunkId(itemUuid: string, index: number): string {
  const hex = createHash('sha256').update(`${itemUuid}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Lexical retrieval over the sample knowledge base, held in memory: a chunk's score is the share of the
 * question's term weight (inverse document frequency) that it contains. Stands in for the database-backed
 * retrieval behind the same port.
 */
export class SampleRetrieval implements RetrievalPort {
  private readonly chunks: IndexedChunk[];
  private readonly idf = new Map<string, number>();

  constructor(
    private readonly maxResults = 3,
    private readonly minScore = 0.15,
  ) {
    this.chunks = SAMPLE_DOCUMENTS.flatMap((document) =>
      document.paragraphs.map((text, index) => ({
        payload: {
          embeddingId: chunkId(document.itemUuid, index),
          text,
          kbUuid: SAMPLE_KNOWLEDGE_BASE_UUID,
          kbItemUuid: document.itemUuid,
          title: document.title,
        },
        terms: new Set(terms(`${document.title} ${text}`)),
      })),
    );
    const documentFrequency = new Map<string, number>();
    for (const chunk of this.chunks) {
      for (const term of chunk.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    for (const [term, count] of documentFrequency) this.idf.set(term, Math.log(1 + this.chunks.length / count));
  }

  retrieve(question: string, knowledgeBaseUuids: readonly string[]): Promise<RetrievalResult> {
    if (!knowledgeBaseUuids.includes(SAMPLE_KNOWLEDGE_BASE_UUID)) {
      return Promise.resolve({ embeddings: [], graph: [], entitiesFromQuestion: [] });
    }
    const questionTerms = [...new Set(terms(question))];
    const total = questionTerms.reduce(
      (sum, term) => sum + (this.idf.get(term) ?? Math.log(1 + this.chunks.length)),
      0,
    );
    const ranked = this.chunks
      .map((chunk) => {
        const matched = questionTerms.reduce((sum, term) => sum + (chunk.terms.has(term) ? this.idf.get(term)! : 0), 0);
        return { chunk, score: total === 0 ? 0 : matched / total };
      })
      .filter(({ score }) => score >= this.minScore)
      .sort((a, b) => b.score - a.score)
      .slice(0, this.maxResults);
    const embeddings = ranked.map(({ chunk, score }) => ({ ...chunk.payload, score: Math.round(score * 100) / 100 }));
    const graph = this.matchGraph(questionTerms);
    const entitiesFromQuestion = graph.flatMap((fact) => (fact.kind === 'vertex' ? [fact.name] : []));
    return Promise.resolve({ embeddings, graph, entitiesFromQuestion });
  }

  /** Vertices whose name shares a term with the question, and the edges among them. */
  private matchGraph(questionTerms: readonly string[]): (GraphVertexPayload | GraphEdgePayload)[] {
    const wanted = new Set(questionTerms);
    const vertices = SAMPLE_GRAPH.filter(
      (fact): fact is GraphVertexPayload => fact.kind === 'vertex' && terms(fact.name).some((term) => wanted.has(term)),
    );
    const ids = new Set(vertices.map((vertex) => vertex.id));
    const edges = SAMPLE_GRAPH.filter(
      (fact): fact is GraphEdgePayload => fact.kind === 'edge' && ids.has(fact.startId) && ids.has(fact.endId),
    );
    return [...vertices, ...edges];
  }
}
