import { citationDonePayload, type CitationSummary, type CitationVerdict } from '../citation/citation-events.js';
import { errorText } from '../platform/common/app-error.js';
import { LegacyTextFramer, type SseFrame } from '../platform/sse/sse-frames.js';
import type { AnswerEvent } from './answer-events.js';

export const EVENT = {
  start: '[START]',
  stateChanged: '[STATE_CHANGED]',
  thinking: '[THINKING]',
  citationRef: '[CITATION_REF]',
  citationParagraph: '[CITATION_PARAGRAPH]',
  citationDone: '[CITATION_DONE]',
  citationVerdict: '[CITATION_VERDICT]',
  done: '[DONE]',
  error: '[ERROR]',
} as const;

export const STATES = {
  questionAnalysing: { state: 'question_analysing', remark: '问题分析中' },
  knowledgeSearching: { state: 'knowledge_searching', remark: '知识库搜索中' },
} as const;

/** The events an entry point speaks: `chat` the conversation stream, `kb-qa` the knowledge-base Q&A page's. */
export type EventProfile = 'chat' | 'kb-qa';

export interface FrameOptions {
  profile: EventProfile;
  /**
   * `[CITATION_REF]`, `[CITATION_PARAGRAPH]`, `[CITATION_VERDICT]` and `[CITATION_DONE]`: only for clients that
   * asked (chat only).
   */
  citationEvents: boolean;
}

/** The summary fields `[META]`.answer carries: one list, so that a new summary field is added here alone. */
const META_SUMMARY_FIELDS = [
  'citationMode',
  'paragraphCount',
  'refCount',
  'hasCitationError',
  'droppedCitationCount',
  'uncitedParagraphCount',
  'verifiedCitationCount',
  'unverifiedCitationCount',
  'contradictedCitationCount',
  'verifiedParagraphCount',
  'contradictedParagraphCount',
  'inferredParagraphCount',
  'unverifiedQuoteCount',
  'refused',
  'truncated',
] as const satisfies readonly (keyof CitationSummary)[];

/** Flags `[META]`.answer carries only when they are true: a plain answer's META stays as it always was. */
const TRUE_ONLY_FIELDS: ReadonlySet<string> = new Set(['refused', 'truncated'] satisfies (keyof CitationSummary)[]);

/** What `[META]` says about the answer besides the citation summary. */
export interface AnswerMeta {
  questionUuid: string;
  answerUuid: string;
  isRefEmbedding: boolean;
  isRefGraph: boolean;
  totalTokens?: number;
  completionTokens?: number;
  /** Stopped on request: what the reader has is the answer up to the stop, not a broken one. */
  stopped?: boolean;
  /** Which retrieval found the sources, when knowledge bases were searched: `hybrid` or `lexical`. */
  retrieval?: 'hybrid' | 'lexical';
}

export function metaPayload(summary: CitationSummary, meta: AnswerMeta): string {
  const answer: Record<string, unknown> = {
    tokens: meta.completionTokens,
    uuid: meta.answerUuid,
    isRefEmbedding: meta.isRefEmbedding,
    isRefGraph: meta.isRefGraph,
  };
  for (const field of META_SUMMARY_FIELDS) {
    if (TRUE_ONLY_FIELDS.has(field) && summary[field] !== true) continue;
    answer[field] = summary[field];
  }
  // Older names, kept for existing clients.
  answer.unsupportedCitationCount = summary.contradictedCitationCount;
  answer.supportedParagraphCount = summary.verifiedParagraphCount;
  if (meta.stopped) answer.stopped = true;
  if (meta.retrieval) answer.retrieval = meta.retrieval;
  return `[META]${JSON.stringify({ question: { tokens: meta.totalTokens, uuid: meta.questionUuid }, answer })}`;
}

/**
 * Answer events and errors → SSE frames, numbered 1, 2, 3 … from `[START]`. Knows which events each profile
 * speaks and whether the client asked for citation events; knows nothing of sockets or storage. Paragraph and
 * ref payloads go out exactly as the citation core made them.
 */
export class AnswerFrameMapper {
  private readonly framer = new LegacyTextFramer();
  private nextId = 1;

  constructor(private readonly options: FrameOptions) {}

  /** Ids given so far: the id of the last frame made. */
  get lastId(): number {
    return this.nextId - 1;
  }

  start(): SseFrame[] {
    return [this.frame(EVENT.start, '')];
  }

  state(state: (typeof STATES)[keyof typeof STATES]): SseFrame[] {
    return this.options.profile === 'chat' ? [this.frame(EVENT.stateChanged, JSON.stringify(state))] : [];
  }

  event(event: AnswerEvent): SseFrame[] {
    switch (event.type) {
      case 'text':
        return this.framer.segments(event.text).map((data) => this.frame(undefined, data));
      case 'thinking':
        return this.options.profile === 'chat' ? [this.frame(EVENT.thinking, event.text)] : [];
      case 'ref':
        return this.citations() ? [this.frame(EVENT.citationRef, JSON.stringify(event.ref))] : [];
      case 'paragraph':
        return this.citations() ? [this.frame(EVENT.citationParagraph, JSON.stringify(event.paragraph))] : [];
      case 'broken':
      case 'done':
        return [];
    }
  }

  /** A verifier's later verdict on a paragraph already sent: a citation event like the others. */
  verdict(verdict: CitationVerdict): SseFrame[] {
    return this.citations() ? [this.frame(EVENT.citationVerdict, JSON.stringify(verdict))] : [];
  }

  /** The end of a complete answer: `[CITATION_DONE]` when asked, then `[DONE]`. */
  done(summary: CitationSummary, meta: AnswerMeta): SseFrame[] {
    const frames = this.releaseText();
    if (this.options.profile === 'kb-qa') return [...frames, this.frame(EVENT.done, '')];
    if (this.citations()) frames.push(this.frame(EVENT.citationDone, JSON.stringify(citationDonePayload(summary))));
    frames.push(this.frame(EVENT.done, metaPayload(summary, meta)));
    return frames;
  }

  error(error: unknown): SseFrame[] {
    return [...this.releaseText(), this.frame(EVENT.error, errorText(error))];
  }

  private citations(): boolean {
    return this.options.profile === 'chat' && this.options.citationEvents;
  }

  private releaseText(): SseFrame[] {
    return this.framer.flush().map((data) => this.frame(undefined, data));
  }

  private frame(event: string | undefined, data: string): SseFrame {
    // Two literal shapes, not a spread: one of these is made per token.
    return event === undefined ? { id: this.nextId++, data } : { id: this.nextId++, event, data };
  }
}
