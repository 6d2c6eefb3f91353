import {
  EVENT,
  WRAP,
  type AnswerMeta,
  type CitationDone,
  type CitationParagraph,
  type CitationRef,
  type CitationSupport,
  type CitationVerdict,
  type SupportVerdict,
  type StateChange,
  type WireEvent,
} from './types.js';

export type AnswerStatus =
  /** Waiting for `[START]`. */
  | 'connecting'
  | 'streaming'
  /** The connection dropped; coming back with `Last-Event-ID`. */
  | 'reconnecting'
  | 'done'
  | 'error'
  /** The reader closed the stream on purpose (not a stop: the server may still be writing the answer). */
  | 'aborted';

/**
 * Everything known about one answer, grown event by event. Each event gives a new object (the old one is not
 * changed), so UI frameworks can compare by reference.
 */
export interface AnswerState {
  status: AnswerStatus;
  answerUuid?: string;
  questionUuid?: string;
  /** The id of the last event applied; what a resume sends as `Last-Event-ID`. */
  lastEventId?: number;
  /** The latest `[STATE_CHANGED]`. */
  phase?: StateChange;
  /** The legacy answer text: every unnamed event joined, `-_wrap_-` read as a line break. */
  text: string;
  thinking: string;
  /** Closed paragraphs by `paragraphIndex`; a repeated index replaces. */
  paragraphs: CitationParagraph[];
  /** Cited sources by citation id. */
  refs: Record<string, CitationRef>;
  citationDone?: CitationDone;
  meta?: AnswerMeta;
  error?: { code: string; message: string };
  /** How many times the stream was resumed after a dropped connection. */
  reconnects: number;
}

export function initialState(answerUuid?: string): AnswerState {
  return {
    status: 'connecting',
    text: '',
    thinking: '',
    paragraphs: [],
    refs: {},
    reconnects: 0,
    ...(answerUuid ? { answerUuid } : {}),
  };
}

/** `CODE: message` → its parts; a message without a code gets `ERROR`. */
export function parseError(data: string): { code: string; message: string } {
  const match = /^([A-Z][A-Z0-9_]*):\s?([\s\S]*)$/.exec(data);
  return match ? { code: match[1]!, message: match[2]! } : { code: 'ERROR', message: data };
}

/**
 * Applies one wire event. Events whose id is not above the last one applied are ignored, so a replay that
 * overlaps what was already seen changes nothing.
 */
export function applyEvent(state: AnswerState, event: WireEvent): AnswerState {
  const id = event.id !== undefined && event.id !== '' ? Number(event.id) : undefined;
  if (id !== undefined && state.lastEventId !== undefined && id <= state.lastEventId) return state;
  const next = reduce(state, event);
  return id === undefined ? next : { ...next, lastEventId: id };
}

function reduce(state: AnswerState, { event, data }: WireEvent): AnswerState {
  switch (event) {
    case undefined:
    case '':
    case 'message':
      return { ...state, status: live(state), text: state.text + (data === WRAP ? '\n' : data) };
    case EVENT.start:
      return { ...state, status: live(state) };
    case EVENT.stateChanged:
      return { ...state, phase: JSON.parse(data) as StateChange };
    case EVENT.thinking:
      return { ...state, thinking: state.thinking + data };
    case EVENT.citationRef: {
      const ref = JSON.parse(data) as CitationRef;
      return { ...state, refs: { ...state.refs, [ref.citationId]: ref } };
    }
    case EVENT.citationParagraph: {
      const paragraph = withVerdicts(JSON.parse(data) as CitationParagraph);
      const paragraphs = [...state.paragraphs];
      paragraphs[paragraph.paragraphIndex] = paragraph;
      return { ...state, paragraphs };
    }
    case EVENT.citationVerdict:
      return applyVerdict(state, JSON.parse(data) as CitationVerdict);
    case EVENT.citationDone:
      return { ...state, citationDone: JSON.parse(data) as CitationDone };
    case EVENT.done: {
      const json = data.startsWith('[META]') ? data.slice('[META]'.length) : data;
      if (json.trim() === '') return { ...state, status: 'done' };
      const meta = JSON.parse(json) as AnswerMeta;
      return {
        ...state,
        status: 'done',
        meta,
        answerUuid: meta.answer.uuid,
        questionUuid: meta.question.uuid,
      };
    }
    case EVENT.error:
      return { ...state, status: 'error', error: parseError(data) };
    default:
      // Unknown named events are for newer clients; this one ignores them.
      return state;
  }
}

function live(state: AnswerState): AnswerStatus {
  return state.status === 'connecting' || state.status === 'reconnecting' ? 'streaming' : state.status;
}

/**
 * A paragraph with its verdicts said the current way. Servers from before there were three verdicts send
 * `supported` and citation verdicts 'supported' or 'unsupported'; their check could not tell a contradiction, so
 * those read as verified and unverified.
 */
function withVerdicts(paragraph: CitationParagraph): CitationParagraph {
  if (paragraph.support === undefined && paragraph.supported === undefined) return paragraph;
  const support = paragraph.support?.map((entry) => {
    const verdict = currentVerdict(entry.verdict);
    return verdict === entry.verdict ? entry : { ...entry, verdict };
  });
  const verdict = paragraph.verdict ?? (paragraph.supported ? 'verified' : 'unverified');
  return { ...paragraph, ...(support ? { support } : {}), verdict, supported: verdict === 'verified' };
}

function currentVerdict(verdict: string): SupportVerdict {
  if (verdict === 'supported') return 'verified';
  if (verdict === 'verified' || verdict === 'contradicted') return verdict;
  return 'unverified';
}

function applyVerdict(state: AnswerState, verdict: CitationVerdict): AnswerState {
  const paragraph = state.paragraphs[verdict.paragraphIndex];
  if (!paragraph) return state;
  const support = paragraph.citationIds.map((citationId, i): CitationSupport => {
    const before = paragraph.support?.[i] ?? { citationId, score: 0, verdict: 'unverified' };
    const later = verdict.verdicts.find((candidate) => candidate.citationId === citationId);
    if (!later) return before;
    // The later verdict's evidence replaces the first one's: spans found by one check do not back another's verdict.
    const { evidence: _first, ...rest } = before;
    return {
      ...rest,
      verdict: currentVerdict(later.verdict),
      score: later.score,
      ...(later.evidence ? { evidence: later.evidence } : {}),
      verifier: verdict.verifier,
    };
  });
  const paragraphs = [...state.paragraphs];
  const whole = paragraphVerdictOf(support);
  paragraphs[verdict.paragraphIndex] = { ...paragraph, support, verdict: whole, supported: whole === 'verified' };
  return { ...state, paragraphs };
}

/** A paragraph's verdict from its citations': contradicted when any is, verified when one verifies it. */
function paragraphVerdictOf(support: readonly CitationSupport[]): SupportVerdict {
  if (support.some((entry) => entry.verdict === 'contradicted')) return 'contradicted';
  return support.some((entry) => entry.verdict === 'verified') ? 'verified' : 'unverified';
}

/** Whether a source contradicts the paragraph: the one verdict a reader must be warned of. */
export function hasContradiction(paragraph: Pick<CitationParagraph, 'verdict' | 'support'>): boolean {
  return paragraph.verdict === 'contradicted' || (paragraph.support ?? []).some((e) => e.verdict === 'contradicted');
}

/** Whether the stream is over (for good: a resume cannot continue it). */
export function isFinished(state: AnswerState): boolean {
  return state.status === 'done' || state.status === 'error' || state.status === 'aborted';
}

/** The cited sources in display-number order: the list under the answer. */
export function sourcesInOrder(state: Pick<AnswerState, 'refs'>): CitationRef[] {
  return Object.values(state.refs).sort((a, b) => a.displayNumber - b.displayNumber);
}

/**
 * The answer text after the closed paragraphs: the paragraph being written while streaming, or, when the
 * model broke the format, the rest of the answer as plain text.
 */
export function pendingText(state: Pick<AnswerState, 'text' | 'paragraphs'>): string {
  let at = 0;
  for (const paragraph of state.paragraphs) {
    if (!paragraph) continue;
    const found = state.text.indexOf(paragraph.text, at);
    if (found < 0) return '';
    at = found + paragraph.text.length;
  }
  return state.text.slice(at).replace(/^\n+/, '');
}

/** What the reader should be told about how the answer ended. */
export interface AnswerNotices {
  /** The model broke the citation format: later text has no paragraph citations. */
  fellBack: boolean;
  truncated: boolean;
  refused: boolean;
  /** Stopped on request; a stopped answer is never reported as having broken the citation format. */
  stopped: boolean;
}

export function noticesOf(state: Pick<AnswerState, 'citationDone' | 'meta'>): AnswerNotices {
  const done = state.citationDone;
  const answer = state.meta?.answer;
  const stopped = answer?.stopped === true;
  return {
    fellBack: !stopped && Boolean(done?.hasCitationError ?? answer?.hasCitationError),
    truncated: Boolean(done?.truncated ?? answer?.truncated),
    refused: Boolean(done?.refused ?? answer?.refused),
    stopped,
  };
}
