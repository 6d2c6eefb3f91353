import {
  citationDonePayload,
  trustCounts,
  type CitationParagraph,
  type CitationRef,
  type CitationVerdict,
} from '../citation/citation-events.js';
import { errorText } from '../common/app-error.js';
import { LegacyTextFramer, sseEvent } from '../sse/sse-frames.js';
import type { SseConnection } from '../sse/sse-connection.js';
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

/** What `[META]` says about the answer besides the citation summary. */
export interface AnswerMeta {
  questionUuid: string;
  answerUuid: string;
  isRefEmbedding: boolean;
  isRefGraph: boolean;
}

/** What the reader has been sent of an answer so far: what is kept when it ends early. */
export interface ShownAnswer {
  text: string[];
  thinking: string[];
  paragraphs: CitationParagraph[];
  refs: CitationRef[];
  broken: boolean;
}

/** Writes one answer's events to the wire, in protocol order; the summary is held until the answer is over. */
export class AnswerWriter {
  private readonly framer = new LegacyTextFramer();
  private done: Extract<AnswerEvent, { type: 'done' }> | undefined;
  readonly shown: ShownAnswer = { text: [], thinking: [], paragraphs: [], refs: [], broken: false };

  constructor(private readonly connection: SseConnection) {}

  event(event: AnswerEvent): void {
    switch (event.type) {
      case 'text':
        this.shown.text.push(event.text);
        this.connection.write(this.framer.frame(event.text));
        break;
      case 'thinking':
        this.shown.thinking.push(event.text);
        this.connection.write(sseEvent(EVENT.thinking, event.text));
        break;
      case 'ref':
        this.shown.refs.push(event.ref);
        this.connection.write(sseEvent(EVENT.citationRef, JSON.stringify(event.ref)));
        break;
      case 'paragraph':
        this.shown.paragraphs.push(event.paragraph);
        this.connection.write(sseEvent(EVENT.citationParagraph, JSON.stringify(event.paragraph)));
        break;
      case 'broken':
        this.shown.broken = true;
        break;
      case 'done':
        this.done = event;
        break;
    }
  }

  /** A model verifier's later verdict on a paragraph already sent. */
  verdict(verdict: CitationVerdict): void {
    if (!this.connection.closed) this.connection.write(sseEvent(EVENT.citationVerdict, JSON.stringify(verdict)));
  }

  /** The model stopped at its token limit. */
  get truncated(): boolean {
    return this.done?.finishReason === 'length';
  }

  /** The summary of the answer, once the model's output is over. */
  get summary(): Extract<AnswerEvent, { type: 'done' }> | undefined {
    return this.done;
  }

  finish(meta: AnswerMeta): void {
    const done = this.done;
    if (done === undefined) throw new Error('finish() before the answer was over');
    const { summary, usage } = done;
    const payload = {
      question: { tokens: usage?.totalTokens, uuid: meta.questionUuid },
      answer: {
        tokens: usage?.completionTokens,
        uuid: meta.answerUuid,
        isRefEmbedding: meta.isRefEmbedding,
        isRefGraph: meta.isRefGraph,
        citationMode: summary.citationMode,
        paragraphCount: summary.paragraphCount,
        refCount: summary.refCount,
        hasCitationError: summary.hasCitationError,
        droppedCitationCount: summary.droppedCitationCount,
        uncitedParagraphCount: summary.uncitedParagraphCount,
        ...trustCounts(summary, this.truncated),
      },
    };
    this.connection.write(
      this.framer.flush() +
        sseEvent(EVENT.citationDone, JSON.stringify(citationDonePayload(summary, this.truncated))) +
        sseEvent(EVENT.done, `[META]${JSON.stringify(payload)}`),
    );
    this.connection.end();
  }

  fail(error: unknown): void {
    this.connection.write(this.framer.flush() + sseEvent(EVENT.error, errorText(error)));
    this.connection.end();
  }
}
