import type { CitationType, EmbeddingPayload, GraphEdgePayload, GraphVertexPayload } from './citation-catalog.js';
import type { ParseOutcome } from './parser-events.js';

/** Data of a `[CITATION_REF]` event: a source, sent once, before the first paragraph that cites it. */
export interface CitationRef {
  citationId: string;
  displayNumber: number;
  type: CitationType;
  payload: EmbeddingPayload | GraphVertexPayload | GraphEdgePayload;
}

/** Data of a `[CITATION_PARAGRAPH]` event. `citationNumbers[i]` is the display number of `citationIds[i]`. */
export interface CitationParagraph {
  paragraphIndex: number;
  text: string;
  citationIds: string[];
  citationNumbers: number[];
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
  outcome: ParseOutcome;
  /** Why the structure broke, for logs; absent when it did not. */
  reason?: string;
  /** The legacy answer text: everything shown, paragraphs separated by a blank line. */
  answerText: string;
  /** Every source cited, in the order of first citation. */
  refs: CitationRef[];
  /** Every paragraph event sent. */
  paragraphs: CitationParagraph[];
}

export type CitationStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'broken'; outcome: Exclude<ParseOutcome, 'complete'>; reason: string }
  | { type: 'ref'; ref: CitationRef }
  | { type: 'paragraph'; paragraph: CitationParagraph }
  | { type: 'done'; summary: CitationSummary };

/** The `[CITATION_DONE]` payload. */
export function citationDonePayload(
  summary: CitationSummary,
): Pick<CitationSummary, 'citationMode' | 'paragraphCount' | 'refCount' | 'hasCitationError'> {
  const { citationMode, paragraphCount, refCount, hasCitationError } = summary;
  return { citationMode, paragraphCount, refCount, hasCitationError };
}
