import { ReplaySubject, type Observable } from 'rxjs';
import type { CitationParagraph, CitationRef, CitationSummary } from '../citation/citation-events.js';
import { AppError } from '../platform/common/app-error.js';
import type { TokenUsage } from '../model/model-provider.js';
import type { SseConnection } from '../platform/sse/sse-connection.js';
import { EVENT, type AnswerFrameMapper, type AnswerMeta } from './answer-frames.js';
import type { AnswerEvent } from './answer-events.js';
import type { AnswerJournal } from './answer-journal.js';
import { serializeFrames, stockClientText, type SseFrame } from '../platform/sse/sse-frames.js';
import { SentParagraphs, type ParagraphCut } from './sent-paragraphs.js';
import { ShownLog } from './shown-log.js';

export class AnswerTooLargeError extends AppError {
  readonly code = 'ANSWER_TOO_LARGE';
  constructor(maxChars: number) {
    super(
      `The answer grew past ${maxChars} characters and was cut there; what was shown is kept. Ask a narrower question, or raise ASK_MAX_ANSWER_CHARS.`,
    );
  }
}

export class AnswerNotSavedError extends AppError {
  readonly code = 'ANSWER_NOT_SAVED';
  constructor() {
    super(
      'The answer was shown but not saved yet: the database is unavailable. It is saved when the database is back.',
    );
  }
}

/** Why an answer was cut short on purpose: a stop request, its size, or its reader going away. */
export type StopReason = 'stop' | 'too-large' | 'reader-gone';

/** How the model's part of an answer ended. */
export type ModelEnding =
  | { kind: 'complete'; done: DoneEvent }
  | { kind: 'stopped'; reason: StopReason; done: DoneEvent | undefined }
  | { kind: 'failed'; error: unknown; done: DoneEvent | undefined };

type DoneEvent = Extract<AnswerEvent, { type: 'done' }>;

/**
 * What the reader was shown of an answer, from the frames actually written: the answer text is the unnamed
 * events read with the stock client's rule (named events the stock client does not know are only sent to
 * clients that asked for them and know them). For a session without a journal, which keeps all of it.
 */
export interface Shown {
  text: string;
  thinking: string;
  paragraphs: CitationParagraph[];
  refs: CitationRef[];
  /** Id of the last frame counted. */
  lastId: number;
}

/**
 * What a journaled answer was shown, as its closing needs it: its journal stored the text and paragraphs as
 * they were sent, and removes what was sent after the last frame shown.
 */
export interface ShownCut {
  /** Id of the last frame counted. */
  lastId: number;
  paragraphs: ParagraphCut;
  refCount: number;
  /** Sources first cited after the last frame shown. */
  unshownRefIds: string[];
}

/**
 * One answer on its way to one connection: the model's answer events through the frame mapper onto the
 * connection and into the journal, with the answer's size cap and its stop switch. Entry points (the chat
 * stream, the knowledge-base Q&A stream) build the events and the mapper; everything per answer between the
 * model and the socket is here.
 *
 * With a journal, each paragraph and source goes to the journal as it is sent, and the session keeps only
 * where each frame and paragraph ends (`shownCut`). Without one, it keeps what was shown (`shown`).
 */
export class AnswerSession {
  private readonly log: ShownLog;
  private readonly paragraphs: SentParagraphs;
  private readonly refs: { ref: CitationRef; afterId: number }[] = [];
  // Replayed: a stop that comes before the model is subscribed still stops it.
  private readonly stops = new ReplaySubject<StopReason>(1);
  private stopReason: StopReason | undefined;
  private shownChars = 0;

  constructor(
    private readonly connection: SseConnection,
    readonly mapper: AnswerFrameMapper,
    private readonly journal: AnswerJournal | undefined,
    private readonly maxAnswerChars: number,
  ) {
    // Once the connection closed, what reached the client can no longer be told: nothing more is settled.
    this.log = new ShownLog(() => (connection.closed ? 0 : connection.deliveredBytes), journal === undefined);
    this.paragraphs = new SentParagraphs(journal === undefined);
    journal?.deliverTo((frames) => this.write(frames));
  }

  /** Fires once, with the first reason to cut the answer short. */
  readonly stopped$: Observable<StopReason> = this.stops.asObservable();

  stop(reason: StopReason): void {
    if (this.stopReason !== undefined) return;
    this.stopReason = reason;
    this.stops.next(reason);
    this.stops.complete();
  }

  /**
   * For the model: a promise while the reader has too much unread, or too much waits to be journaled (the
   * upstream waits), else undefined.
   */
  readonly ready = (): Promise<void> | undefined => this.connection.ready() ?? this.journal?.backlog();

  /**
   * Sends frames. With a journal, written ahead: a frame reaches the connection, with its id, only once the
   * statement that journals it has committed, so a reader never holds an event that a crash could lose.
   */
  emit(frames: readonly SseFrame[]): void {
    if (frames.length === 0) return;
    if (this.journal) this.journal.record(frames);
    else this.write(frames);
  }

  /** Resolves once every frame emitted so far was journaled and written. */
  async drain(): Promise<void> {
    await this.journal?.drain();
  }

  /**
   * Counts the end's frames as shown and journals them with the closing, without writing them yet (the end is
   * stored before it is sent).
   */
  record(frames: readonly SseFrame[]): void {
    this.count(frames);
    this.journal?.recordEnd(frames);
  }

  private write(frames: readonly SseFrame[]): void {
    this.connection.write(serializeFrames(frames));
    this.count(frames);
  }

  private count(frames: readonly SseFrame[]): void {
    // A journaled answer's text is read back from its stored events: only a session without one keeps it.
    const keepsText = this.journal === undefined;
    for (const frame of frames) {
      const text = keepsText && frame.event === undefined ? stockClientText(frame) : '';
      const thinking = keepsText && frame.event === EVENT.thinking ? frame.data : '';
      this.log.add(frame, this.connection.writtenBytes, text, thinking);
    }
  }

  /**
   * Streams the answer events; resolves with how the model's part ended. `afterEach` sees every event once the
   * session has written it.
   */
  run(events$: Observable<AnswerEvent>, afterEach?: (event: AnswerEvent) => void): Promise<ModelEnding> {
    return new Promise((resolve) => {
      let done: DoneEvent | undefined;
      events$.subscribe({
        next: (event) => {
          this.handle(event);
          if (event.type === 'done') done = event;
          afterEach?.(event);
        },
        error: (error: unknown) => resolve({ kind: 'failed', error, done }),
        complete: () =>
          resolve(
            this.stopReason === undefined
              ? { kind: 'complete', done: done! }
              : { kind: 'stopped', reason: this.stopReason, done },
          ),
      });
    });
  }

  /** One answer event onto the connection and into the journal; `done` is the caller's. */
  private handle(event: AnswerEvent): void {
    if (event.type === 'done') return;
    if (event.type === 'paragraph') {
      this.paragraphs.settle(this.log.settledFrameId);
      this.paragraphs.add(event.paragraph, this.mapper.lastId);
      this.journal?.paragraph(event.paragraph);
    }
    if (event.type === 'ref') {
      this.refs.push({ ref: event.ref, afterId: this.mapper.lastId });
      this.journal?.ref(event.ref);
    }
    this.emit(this.mapper.event(event));
    if (event.type === 'paragraph') {
      // A paragraph closed: a reader who resumes finds it stored.
      this.journal?.flushNow();
      // Its text was just shown piece by piece: the log keeps the paragraph's string for it.
      this.log.shareText(event.paragraph.text);
    }
    if (event.type === 'text') {
      this.shownChars += event.text.length;
      if (this.shownChars > this.maxAnswerChars) this.stop('too-large');
    }
  }

  /**
   * What the reader was shown, for a session without a journal. After a reader stalled, only the frames the
   * connection handed to the operating system count: the rest never reached it.
   */
  shown(): Shown {
    const { text, thinking, lastId } = this.log.shown(this.deliveredLimit());
    return {
      text,
      thinking,
      paragraphs: this.paragraphs.upTo(lastId),
      refs: this.refs.filter((entry) => entry.afterId <= lastId).map((entry) => entry.ref),
      lastId,
    };
  }

  /** What a journaled answer was shown; see {@link shown} for which frames count. */
  shownCut(): ShownCut {
    const lastId = this.log.lastShownId(this.deliveredLimit());
    const shownRefs = this.refs.filter((entry) => entry.afterId <= lastId).length;
    return {
      lastId,
      paragraphs: this.paragraphs.cut(lastId),
      refCount: shownRefs,
      unshownRefIds: this.refs.filter((entry) => entry.afterId > lastId).map((entry) => entry.ref.citationId),
    };
  }

  private deliveredLimit(): number | undefined {
    return this.connection.stalled ? this.connection.deliveredBytes : undefined;
  }

  /** Characters of the shown text kept once, as the strings of the paragraphs that showed them. */
  get sharedTextLength(): number {
    return this.log.sharedTextLength;
  }

  /** Writes frames already recorded, and ends the stream. */
  sendAndEnd(frames: readonly SseFrame[]): void {
    this.connection.write(serializeFrames(frames));
    this.connection.end();
  }
}

/** `[META]` fields that come from the model call rather than the citation summary. */
export function usageMeta(usage: TokenUsage | undefined): Pick<AnswerMeta, 'totalTokens' | 'completionTokens'> {
  return usage ? { totalTokens: usage.totalTokens, completionTokens: usage.completionTokens } : {};
}

export type { CitationSummary };
