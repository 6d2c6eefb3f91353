import type { CitationType, EmbeddingPayload, GraphEdgePayload, GraphVertexPayload } from './citation-catalog.js';
import type { ParseOutcome } from './parser-events.js';
import type { CitationSupport, SupportVerdict } from './support/support-verifier.js';

/** Data of a `[CITATION_REF]` event: a source, sent once, before the first paragraph that cites it. */
export interface CitationRef {
  citationId: string;
  displayNumber: number;
  type: CitationType;
  payload: EmbeddingPayload | GraphVertexPayload | GraphEdgePayload;
}

/**
 * The support check's verdict on one citation of a paragraph, with its evidence and the quote found in its
 * source. Evidence spans are UTF-16 offsets into the ref's `payload.text` (an embedding source); for a graph
 * source they index the fact as the model was shown it (`name: description`).
 */
export interface CitationSupportEntry extends CitationSupport {
  /** Only when verified: the source's words, `start`/`end` in UTF-16 units of the ref's `payload.text`. */
  quote?: { text: string; start: number; end: number };
}

/** Data of a `[CITATION_PARAGRAPH]` event. `citationNumbers[i]` is the display number of `citationIds[i]`. */
export interface CitationParagraph {
  paragraphIndex: number;
  text: string;
  citationIds: string[];
  citationNumbers: number[];
  /** `support[i]` belongs to `citationIds[i]`; absent when support checks are off. */
  support?: CitationSupportEntry[];
  /** The paragraph as a whole, from its citations' verdicts; absent when support checks are off. */
  verdict?: SupportVerdict;
  /** Older name kept for existing clients: `verdict === 'verified'`. */
  supported?: boolean;
  /** The server attributed the citations itself, the model having broken the format. */
  inferred?: boolean;
}

/** A later verdict on a paragraph's citations, from a verifier that does not hold the stream. */
export interface CitationVerdict {
  paragraphIndex: number;
  verifier: string;
  verdicts: CitationSupport[];
}

export type CitationMode = 'paragraph' | 'answer';

/** Everything the end of an answer needs: `[CITATION_DONE]`, the `[META]` fields, and what to store. */
export interface CitationSummary {
  citationMode: CitationMode;
  paragraphCount: number;
  refCount: number;
  hasCitationError: boolean;
  droppedCitationCount: number;
  uncitedParagraphCount: number;
  /** Citations by the support check's verdict; contradicted ones are counted whether dropped or flagged. */
  verifiedCitationCount: number;
  unverifiedCitationCount: number;
  contradictedCitationCount: number;
  verifiedParagraphCount: number;
  contradictedParagraphCount: number;
  inferredParagraphCount: number;
  /** Quotes the model gave that were not found in their source: dropped. */
  unverifiedQuoteCount: number;
  /** The answer is the refusal sent when retrieval offered nothing; the model was not asked. */
  refused: boolean;
  /** The model stopped at its token limit (set where the model's finish reason is known). */
  truncated?: boolean;
  outcome: ParseOutcome;
  /** Why the structure broke, for logs; absent when it did not. */
  reason?: string;
  /**
   * The legacy answer text: everything shown, paragraphs separated by a blank line. Absent when the stream was
   * asked not to keep it (`keepAnswerText`).
   */
  answerText?: string;
  /** Every source cited, in the order of first citation. */
  refs: CitationRef[];
}

export type CitationStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'broken'; outcome: Exclude<ParseOutcome, 'complete'>; reason: string }
  | { type: 'ref'; ref: CitationRef }
  | { type: 'paragraph'; paragraph: CitationParagraph }
  | { type: 'done'; summary: CitationSummary };

/** The `[CITATION_DONE]` payload. `truncated`: the model stopped at its token limit. */
export function citationDonePayload(summary: CitationSummary, truncated = summary.truncated ?? false) {
  const { citationMode, paragraphCount, refCount, hasCitationError } = summary;
  return { citationMode, paragraphCount, refCount, hasCitationError, ...trustCounts(summary, truncated) };
}

/** What the support check, quotes and refusal add to `[CITATION_DONE]` and to `[META]`.answer. */
export function trustCounts(summary: CitationSummary, truncated = summary.truncated ?? false) {
  return {
    verifiedCitationCount: summary.verifiedCitationCount,
    unverifiedCitationCount: summary.unverifiedCitationCount,
    contradictedCitationCount: summary.contradictedCitationCount,
    verifiedParagraphCount: summary.verifiedParagraphCount,
    contradictedParagraphCount: summary.contradictedParagraphCount,
    // Older names, kept for existing clients.
    unsupportedCitationCount: summary.contradictedCitationCount,
    supportedParagraphCount: summary.verifiedParagraphCount,
    inferredParagraphCount: summary.inferredParagraphCount,
    unverifiedQuoteCount: summary.unverifiedQuoteCount,
    refused: summary.refused,
    truncated,
  };
}
