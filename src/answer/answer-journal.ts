import type { Logger } from '@nestjs/common';
import type { CitationParagraph, CitationRef } from '../citation/citation-events.js';
import type { SseFrame } from '../platform/sse/sse-frames.js';
import type { AnswerBatch, AnswerClosing, AnswerJournalStore, ParagraphRows } from './answer-journal-store.js';
import type { AnswerSpill } from './answer-spill.js';
import { citationRowsOf, paragraphRow, refRow } from './citation-columns.js';
import { storageReason } from './answer-errors.js';
import type { FlushableJournal, JournalFlusher } from './journal-flusher.js';

export interface JournalSettings {
  storeRetryMs: number;
}

const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 2000;
/** Frames recorded but not journaled yet above which the model is paused (a few rounds' worth at any speed). */
const MAX_WAITING_FRAMES = 2048;

/**
 * The journal of one answer, written ahead: the frames the reader is to be shown, and each paragraph sent with
 * its citations and the sources first cited in it, are appended to the stored answer by the instance's
 * {@link JournalFlusher} together with every other answer's, and a frame is handed to the reader only once the
 * statement that stored it committed. The answer's process then keeps neither its text nor its paragraphs. A
 * failed write keeps its batch and is retried with backoff; meanwhile the frames are journaled in the spill
 * directory and sent from there, so the stream goes on through a database outage. `close` stores the end of the
 * answer, retrying for `storeRetryMs`, and keeps it in the spill directory when the database still refuses.
 */
export class AnswerJournal implements FlushableJournal {
  private events: SseFrame[] = [];
  /** The events of the batch a round is writing: they come before `events`, and are not handed on yet. */
  private writing: readonly SseFrame[] = [];
  /** Paragraph rows not written yet; none most of the time (a paragraph closes every few dozen frames). */
  private rows: ParagraphRows | undefined;
  /** Each source cited so far, for the rows of the citations that name it. */
  private readonly sources = new Map<string, CitationRef>();
  private failures = 0;
  private retryAt = 0;
  /** Hurries the journal once its retry pause is over; one at a time. */
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Where frames go once journaled: the reader's connection. */
  private deliver: (frames: readonly SseFrame[]) => void = () => undefined;
  /** Id of the last frame handed to `deliver`; a frame goes out once, and only after it is journaled. */
  private deliveredUpTo = 0;
  /**
   * Frames recorded and not handed on yet, in the order of their ids; they go out in that order, each once it
   * and every frame before it is journaled (in the database or the spill directory): `journaledUpTo`.
   */
  private unsent: SseFrame[] = [];
  private journaledUpTo = 0;
  /** Id of the last frame recorded to be sent. */
  private recordedUpTo = 0;
  /**
   * Deliveries run one after another, in the order of the ids. Only keeping frames locally (the database away)
   * makes one wait; while none is pending, a stored batch's frames are handed on at once.
   */
  private delivery: Promise<void> = Promise.resolve();
  private deliveriesPending = 0;
  private drained: (() => void)[] = [];
  private keptLocally = false;
  /** Id of the first frame of the end, which the end sent when the answer cannot be stored replaces. */
  private endFrom: number | undefined;

  constructor(
    private readonly flusher: JournalFlusher,
    private readonly store: AnswerJournalStore,
    private readonly spill: AnswerSpill,
    private readonly answer: { answerId: string; answerUuid: string },
    private readonly settings: JournalSettings,
    private readonly logger: Logger,
  ) {}

  /** Sets where frames go once they are journaled. */
  deliverTo(deliver: (frames: readonly SseFrame[]) => void): void {
    this.deliver = deliver;
  }

  /**
   * Frames to send: journaled first, by the next round of the flusher (many answers' frames in one statement),
   * and handed to `deliverTo` once that statement committed. While the database refuses the rounds, they are
   * journaled in the spill directory instead, and sent from there.
   */
  record(frames: readonly SseFrame[]): void {
    if (this.closed || frames.length === 0) return;
    for (const frame of frames) {
      this.events.push(frame);
      this.unsent.push(frame);
    }
    this.recordedUpTo = frames.at(-1)!.id!;
    if (this.failures > 0) this.keepLocally();
    else this.flusher.hurry(this);
  }

  /**
   * The end of the answer: stored by `close` before it is sent, and sent by the caller (as `[ERROR]
   * ANSWER_NOT_SAVED` when it could not be stored).
   */
  recordEnd(frames: readonly SseFrame[]): void {
    if (this.closed || frames.length === 0) return;
    for (const frame of frames) this.events.push(frame);
    this.endFrom ??= frames[0]!.id!;
    this.deliveredUpTo = Math.max(this.deliveredUpTo, frames.at(-1)!.id!);
  }

  /**
   * Undefined while few frames wait to be journaled; otherwise a promise that settles once they were handed
   * on. The model waits on it, so that a database slower than the model does not pile the answer up here.
   */
  backlog(): Promise<void> | undefined {
    return this.recordedUpTo - this.deliveredUpTo > MAX_WAITING_FRAMES ? this.drain() : undefined;
  }

  /** Resolves once every frame recorded so far was journaled and handed on. */
  drain(): Promise<void> {
    if (this.deliveredUpTo >= this.recordedUpTo) return Promise.resolve();
    this.flusher.hurry(this);
    return new Promise((resolve) => this.drained.push(resolve));
  }

  /** A source cited for the first time. */
  ref(ref: CitationRef): void {
    if (this.closed) return;
    this.sources.set(ref.citationId, ref);
    (this.rows ??= noRows()).refs.push(refRow(ref));
    this.flusher.enlist(this);
  }

  /** A paragraph sent, with its citations. */
  paragraph(paragraph: CitationParagraph): void {
    if (this.closed) return;
    const rows = (this.rows ??= noRows());
    rows.paragraphs.push(paragraphRow(paragraph));
    for (const row of citationRowsOf(paragraph, this.sources)) rows.citations.push(row);
    this.flusher.enlist(this);
  }

  /** Asks for a write soon (a paragraph closed), so that a reader who resumes finds it stored. */
  flushNow(): void {
    if (!this.closed && this.hasUnwritten()) this.flusher.hurry(this);
  }

  takeBatch(now: number): AnswerBatch | undefined {
    if (this.closed || !this.hasUnwritten()) return undefined;
    if (now < this.retryAt) {
      // Hurried before its retry pause is over: hurried again when it is. Even the hurry of the timer that ends the
      // pause can come a millisecond early by `now` (timers do not run on Date.now's clock), and with the model
      // waiting nothing else may hurry the journal: its frames would wait, unsent to followers, for the answer's end.
      this.hurryAfter(this.retryAt - now);
      return undefined;
    }
    // Made once a round for every answer with frames: no spreads, and no empty row lists.
    const batch: AnswerBatch = {
      answerId: this.answer.answerId,
      answerUuid: this.answer.answerUuid,
      events: this.events,
    };
    if (this.rows) {
      batch.paragraphs = this.rows.paragraphs;
      batch.citations = this.rows.citations;
      batch.refs = this.rows.refs;
      this.rows = undefined;
    }
    this.writing = this.events;
    this.events = [];
    return batch;
  }

  stored(batch: AnswerBatch): void {
    this.writing = [];
    if (this.failures > 0) this.logger.log({ message: 'answer journal writes again', answer: this.answer.answerUuid });
    this.failures = 0;
    this.retryAt = 0;
    this.handOn(batch.events);
  }

  failed(batch: AnswerBatch, error: unknown): void {
    // Put the batch back in front of what came since, and try again after a pause.
    this.writing = [];
    this.events = [...batch.events, ...this.events];
    // The stream does not wait for the database: what waits is journaled locally, then sent.
    this.keepLocally();
    if (batch.paragraphs || batch.refs || this.rows) {
      const since = this.rows ?? noRows();
      this.rows = {
        paragraphs: [...(batch.paragraphs ?? []), ...since.paragraphs],
        citations: [...(batch.citations ?? []), ...since.citations],
        refs: [...(batch.refs ?? []), ...since.refs],
      };
    }
    this.failures++;
    const pause = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.failures - 1));
    this.retryAt = Date.now() + pause;
    if (this.failures === 1 || this.failures % 10 === 0) {
      this.logger.warn({
        message: 'answer journal write failed; retrying',
        answer: this.answer.answerUuid,
        attempt: this.failures,
        reason: storageReason(error),
      });
    }
    if (!this.closed) this.hurryAfter(pause);
  }

  /**
   * Stores the end of the answer with every event and paragraph not flushed yet. 'stored' when the database
   * took it, 'spilled' when it is kept in a file until the database is back, ending with `spilledEnd` instead.
   */
  async close(
    closing: Omit<AnswerClosing, 'events' | keyof ParagraphRows>,
    spilledEnd: readonly SseFrame[],
  ): Promise<'stored' | 'spilled'> {
    this.closed = true;
    // The end stores everything left: a retry set for a pause would find nothing to do.
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    // A round under way may hold this answer's last batch: it is stored, or handed back, before the end is.
    await this.flusher.settled();
    await this.delivery;
    const full: AnswerClosing = { ...closing, events: this.events, ...(this.rows ?? noRows()) };
    const giveUpAt = Date.now() + this.settings.storeRetryMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.close(full);
        await this.forgetLocal();
        return 'stored';
      } catch (error) {
        this.logger.warn({
          message: 'storing the end of the answer failed',
          answer: this.answer.answerUuid,
          attempt,
          reason: storageReason(error),
        });
        const pause = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (attempt - 1));
        if (Date.now() + pause > giveUpAt) break;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    // The reader is told the answer was not saved yet: the kept stream ends the same way, so that its replay, once
    // it is stored, is what the reader was sent. The whole end is replaced (its `[CITATION_DONE]` was never sent);
    // the frames sent instead take the ids of those they replace, so the cut at the last frame shown stays.
    const firstReplaced = this.endFrom ?? spilledEnd[0]?.id ?? Infinity;
    const events = [...full.events.filter((frame) => frame.id! < firstReplaced), ...spilledEnd];
    try {
      await this.spill.keep({ ...full, events });
      await this.forgetLocal();
      return 'spilled';
    } catch (error) {
      this.logger.error({ message: 'answer could not be kept in the spill directory', reason: String(error) });
      throw error;
    }
  }

  /** Hands on, in order, the frames not handed on yet up to the last of `journaled`, which are now journaled. */
  private handOn(journaled: readonly SseFrame[]): void {
    if (this.deliveriesPending === 0) this.handOnNow(journaled);
    else this.afterDeliveries(() => this.handOnNow(journaled));
  }

  /** Runs `next` once the deliveries under way are done, in the order asked. */
  private afterDeliveries(next: () => void | Promise<void>): void {
    this.deliveriesPending++;
    this.delivery = this.delivery.then(next).finally(() => this.deliveriesPending--);
  }

  /**
   * A batch is journaled only once every frame before it is (a failed batch goes back in front of what came
   * since, and frames are kept locally from the first not journaled on), so its last id says that every frame up
   * to it is journaled: the frames not handed on up to there go out, in order, whichever way each was journaled.
   */
  private handOnNow(journaled: readonly SseFrame[]): void {
    if (journaled.length > 0) this.journaledUpTo = Math.max(this.journaledUpTo, journaled.at(-1)!.id!);
    let ready = 0;
    while (ready < this.unsent.length && this.unsent[ready]!.id! <= this.journaledUpTo) ready++;
    if (ready > 0) {
      const fresh = this.unsent.splice(0, ready);
      this.deliveredUpTo = fresh.at(-1)!.id!;
      this.deliver(fresh);
    }
    if (this.deliveredUpTo >= this.recordedUpTo) for (const resolve of this.drained.splice(0)) resolve();
  }

  /**
   * Journals in the spill directory every frame not journaled yet (the database is away): those of a retry under
   * way and those recorded since; frames of a batch stored meanwhile are in the database. Then hands them on.
   */
  private keepLocally(): void {
    this.afterDeliveries(async () => {
      const fresh = [...this.writing, ...this.events].filter(
        (frame) => frame.id! > this.journaledUpTo && frame.id! <= this.recordedUpTo,
      );
      if (fresh.length === 0) return this.handOnNow([]);
      try {
        await this.spill.appendEvents(this.answer, fresh);
        this.keptLocally = true;
      } catch (error) {
        // Neither store takes them: the reader still gets what the model wrote, and the log says it is not kept.
        this.logger.error({
          message: 'answer events could not be journaled anywhere; sent anyway',
          answer: this.answer.answerUuid,
          reason: String(error),
        });
      }
      this.handOnNow(fresh);
    });
  }

  /** Hurries the journal in `ms`, unless a hurry is set already (for the end of this pause, or of one before). */
  private hurryAfter(ms: number): void {
    if (this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.flusher.hurry(this);
    }, ms);
    this.retryTimer.unref();
  }

  private async forgetLocal(): Promise<void> {
    if (!this.keptLocally) return;
    await this.spill.forgetEvents(this.answer).catch(() => undefined);
  }

  private hasUnwritten(): boolean {
    return this.events.length > 0 || this.rows !== undefined;
  }
}

function noRows(): ParagraphRows {
  return { paragraphs: [], citations: [], refs: [] };
}
