import type { GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import { SAMPLE_GRAPH } from './sample-corpus.js';
import { terms } from './text-terms.js';

/**
 * The sample knowledge base's few graph facts, matched to a question: vertices whose name shares a term with
 * it, and the edges among them.
 */
export function matchSampleGraph(question: string): (GraphVertexPayload | GraphEdgePayload)[] {
  const wanted = new Set(terms(question));
  const vertices = SAMPLE_GRAPH.filter(
    (fact): fact is GraphVertexPayload => fact.kind === 'vertex' && terms(fact.name).some((term) => wanted.has(term)),
  );
  const ids = new Set(vertices.map((vertex) => vertex.id));
  const edges = SAMPLE_GRAPH.filter(
    (fact): fact is GraphEdgePayload => fact.kind === 'edge' && ids.has(fact.startId) && ids.has(fact.endId),
  );
  return [...vertices, ...edges];
}
