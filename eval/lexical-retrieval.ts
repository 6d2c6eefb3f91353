import { CitationCatalog, type EmbeddingPayload } from '../src/citation/citation-catalog.js';
import { terms } from '../src/text/terms.js';

/** Share of the question's terms a chunk must hold to be offered, and how many chunks are offered at most. */
const MIN_SHARE = 0.25;
const TOP = 3;

/**
 * Retrieval for the evaluation, in process: the knowledge bases' chunks ranked by the share of the question's
 * terms (the terms the service's own full-text retrieval indexes) they hold. It stands in for PostgreSQL so
 * that the evaluation runs without a database; what it measures is the citation pipeline, not retrieval.
 */
export function retrieve(question: string, chunks: ReadonlyMap<string, string>): CitationCatalog {
  const wanted = new Set(terms(question));
  const ranked = [...chunks]
    .map(([key, text]) => {
      const held = new Set(terms(text).filter((term) => wanted.has(term)));
      return { key, text, score: wanted.size === 0 ? 0 : held.size / wanted.size };
    })
    .filter((hit) => hit.score >= MIN_SHARE)
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
    .slice(0, TOP);
  return CitationCatalog.fromHits(
    ranked.map((hit) => payload(hit.key, hit.text, hit.score)),
    [],
  );
}

export function payload(key: string, text: string, score = 1): EmbeddingPayload {
  return { embeddingId: key, text, score, kbUuid: 'eval', kbItemUuid: key, title: key };
}

export function catalogOf(keys: readonly string[], chunks: ReadonlyMap<string, string>): CitationCatalog {
  return CitationCatalog.fromHits(
    keys.map((key) => payload(key, chunks.get(key)!)),
    [],
  );
}
