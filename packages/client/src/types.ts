/**
 * The answer stream's events as they arrive on the wire. These mirror the server's own types; a test in the
 * service's repository compares the two, so a change on either side that breaks the other fails the build.
 */

export interface EmbeddingPayload {
  embeddingId: string;
  text: string;
  score: number;
  kbUuid: string;
  kbItemUuid: string;
  title: string;
  /** The chunk's place in its document, from 0, and the document's number of chunks (absent on older answers). */
  chunkIndex?: number;
  chunkCount?: number;
}

export interface GraphVertexPayload {
  kind: 'vertex';
  id: string;
  label: string;
  name: string;
  description: string;
  text_segment_id: string;
  metadata: Record<string, unknown>;
}

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

/** `[CITATION_REF]`: a cited source, sent once, before the first paragraph that cites it. */
export type CitationRef =
  | { citationId: string; displayNumber: number; type: 'embedding'; payload: EmbeddingPayload }
  | { citationId: string; displayNumber: number; type: 'graph'; payload: GraphVertexPayload | GraphEdgePayload };

/**
 * What the server's support check found of a citation, for a reader:
 *   - `verified`: the paragraph's claims were found in the source (`evidence.spans` says where);
 *   - `unverified`: the check cannot tell; nothing is wrong as far as it can see;
 *   - `contradicted`: the source says otherwise (`evidence.conflict` says what disagrees). Only this one warns.
 */
export type SupportVerdict = 'verified' | 'unverified' | 'contradicted';

/** A span of the cited ref's `payload.text`: UTF-16 offsets, `end` exclusive. */
export interface SourceSpan {
  start: number;
  end: number;
}

export interface SupportConflict {
  kind: 'number' | 'unit' | 'date' | 'name' | 'negation';
  /** The paragraph's words that disagree. */
  claim: string;
  /** The source's words they disagree with. */
  source: string;
}

export interface SupportEvidence {
  /** The source sentences the paragraph's claims were aligned to, in source order. */
  spans: SourceSpan[];
  /** Only on `contradicted`. */
  conflict?: SupportConflict;
}

/** A verified quote: UTF-16 offsets into the cited ref's `payload.text`, `end` exclusive. */
export interface SupportQuote {
  text: string;
  start: number;
  end: number;
}

/** What the support check found of one citation of a paragraph. */
export interface CitationSupport {
  citationId: string;
  score: number;
  verdict: SupportVerdict;
  /** Where the verdict comes from; absent when the source holds nothing the paragraph's claims align to. */
  evidence?: SupportEvidence;
  quote?: SupportQuote;
  /** Who gave the verdict when a later `[CITATION_VERDICT]` replaced the first one. */
  verifier?: string;
}

/** `[CITATION_PARAGRAPH]`: a finished paragraph. `citationNumbers[i]` is the display number of `citationIds[i]`. */
export interface CitationParagraph {
  paragraphIndex: number;
  text: string;
  citationIds: string[];
  citationNumbers: number[];
  /** `support[i]` belongs to `citationIds[i]`; absent from servers that do not check support. */
  support?: CitationSupport[];
  /** The paragraph as a whole: `contradicted` when any citation is; absent when support was not checked. */
  verdict?: SupportVerdict;
  /** Older name: `verdict === 'verified'`. */
  supported?: boolean;
  /** The server attributed this paragraph's citations itself after the model broke the format. */
  inferred?: boolean;
}

/** `[CITATION_VERDICT]`: a later verdict on a paragraph's citations. */
export interface CitationVerdict {
  paragraphIndex: number;
  verifier: string;
  verdicts: { citationId: string; verdict: SupportVerdict; score: number; evidence?: SupportEvidence }[];
}

export type CitationMode = 'paragraph' | 'answer';

/** `[CITATION_DONE]`. */
export interface CitationDone {
  citationMode: CitationMode;
  paragraphCount: number;
  refCount: number;
  hasCitationError: boolean;
  verifiedCitationCount?: number;
  unverifiedCitationCount?: number;
  /** Contradicted citations, whether the server dropped them or flagged them. */
  contradictedCitationCount?: number;
  verifiedParagraphCount?: number;
  contradictedParagraphCount?: number;
  /** Older name of `contradictedCitationCount`. */
  unsupportedCitationCount?: number;
  /** Older name of `verifiedParagraphCount`. */
  supportedParagraphCount?: number;
  inferredParagraphCount?: number;
  unverifiedQuoteCount?: number;
  refused?: boolean;
  truncated?: boolean;
}

/** The JSON after `[META]` in `[DONE]`. Fields that are null on the server are left out. */
export interface AnswerMeta {
  question: { tokens?: number; uuid: string };
  answer: {
    tokens?: number;
    uuid: string;
    isRefEmbedding: boolean;
    isRefGraph: boolean;
    citationMode?: CitationMode;
    paragraphCount?: number;
    refCount?: number;
    hasCitationError?: boolean;
    droppedCitationCount?: number;
    uncitedParagraphCount?: number;
    verifiedCitationCount?: number;
    unverifiedCitationCount?: number;
    contradictedCitationCount?: number;
    verifiedParagraphCount?: number;
    contradictedParagraphCount?: number;
    unsupportedCitationCount?: number;
    supportedParagraphCount?: number;
    inferredParagraphCount?: number;
    unverifiedQuoteCount?: number;
    refused?: boolean;
    truncated?: boolean;
    /** Stopped on request: the answer is what was written up to the stop. */
    stopped?: boolean;
  };
}

/** `[STATE_CHANGED]`. */
export interface StateChange {
  state: string;
  remark: string;
}

/** One SSE event as the parser gives it: `event` is undefined for answer text. */
export interface WireEvent {
  event?: string | undefined;
  data: string;
  id?: string | undefined;
}

export const EVENT = {
  start: '[START]',
  stateChanged: '[STATE_CHANGED]',
  thinking: '[THINKING]',
  citationRef: '[CITATION_REF]',
  citationParagraph: '[CITATION_PARAGRAPH]',
  citationVerdict: '[CITATION_VERDICT]',
  citationDone: '[CITATION_DONE]',
  done: '[DONE]',
  error: '[ERROR]',
} as const;

/** The data of the unnamed event that stands for a line break. */
export const WRAP = '-_wrap_-';

/** The stored paragraph view of an answer (`GET /conversation/message/citation/{answerUuid}`). */
export interface CitationView {
  citationMode: CitationMode;
  hasCitationError: boolean;
  paragraphs: CitationParagraph[];
  refs: CitationRef[];
}
