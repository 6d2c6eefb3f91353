import type { Logger } from '@nestjs/common';
import type { CitationParagraph, CitationRef } from '../citation/citation-events.js';
import type { SseFrame } from '../sse/sse-frames.js';
import type { AnswerBatch, AnswerClosing, AnswerJournalStore, ParagraphRows } from './answer-journal-store.js';
import type { AnswerSpill } from './answer-spill.js';
import { citationRowsOf, paragraphRow, refRow } from './citation-columns.js';
import { storageReason } from './conversation-errors.js';
import type { FlushableJournal, JournalFlusher } from './journal-flusher.js';

export interface JournalSettings {
  storeRetryMs: number;
}

const BACKOFF_FIRST_MS = 100;
const BACKOFF_MAX_MS = 2000;

/**
 * The journal of one answer: what the reader is shown, and each paragraph sent with its citations and the
 * sources first cited in it, are appended to the stored answer in batches, written by the instance's
 * {@link JournalFlusher} together with every other answer's (at each paragraph's close, and at least every
 * `JOURNAL_FLUSH_MS`). The answer's process then keeps neither its text nor its paragraphs. A failed write
 * keeps its batch and is retried with backoff; the stream to the reader does not wait for it. `close` stores the end of the answer, retrying for `storeRetryMs`, and
 * keeps it in the spill directory when the database still refuses.
 */
export class AnswerJournal implements FlushableJournal {
  private events: SseFrame[] = [];
  private rows: ParagraphRows = noRows();
  /** Each source cited so far, for the rows of the citations that name it. */
  private readonly sources = new Map<string, CitationRef>();
  private failures = 0;
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly flusher: JournalFlusher,
    private readonly store: AnswerJournalStore,
    private readonly spill: AnswerSpill,
    private readonly answer: { answerId: string; answerUuid: string },
    private readonly settings: JournalSettings,
    private readonly logger: Logger,
  ) {}

  /** Frames as they were written. */
  record(frames: readonly SseFrame[]): void {
    if (this.closed || frames.length === 0) return;
    for (const frame of frames) this.events.push(frame);
    this.flusher.enlist(this);
  }

  /** A source cited for the first time. */
  ref(ref: CitationRef): void {
    if (this.closed) return;
    this.sources.set(ref.citationId, ref);
    this.rows.refs.push(refRow(ref));
    this.flusher.enlist(this);
  }

  /** A paragraph sent, with its citations. */
  paragraph(paragraph: CitationParagraph): void {
    if (this.closed) return;
    this.rows.paragraphs.push(paragraphRow(paragraph));
    for (const row of citationRowsOf(paragraph, this.sources)) this.rows.citations.push(row);
    this.flusher.enlist(this);
  }

  /** Asks for a write soon (a paragraph closed), so that a reader who resumes finds it stored. */
  flushNow(): void {
    if (!this.closed && this.hasUnwritten()) this.flusher.hurry(this);
  }

  takeBatch(now: number): AnswerBatch | undefined {
    if (this.closed || !this.hasUnwritten() || now < this.retryAt) return undefined;
    const batch = { ...this.answer, events: this.events, ...this.rows };
    this.events = [];
    this.rows = noRows();
    return batch;
  }

  stored(): void {
    if (this.failures > 0) this.logger.log({ message: 'answer journal writes again', answer: this.answer.answerUuid });
    this.failures = 0;
    this.retryAt = 0;
  }

  failed(batch: AnswerBatch, error: unknown): void {
    // Put the batch back in front of what came since, and try again after a pause.
    this.events = [...batch.events, ...this.events];
    this.rows = {
      paragraphs: [...(batch.paragraphs ?? []), ...this.rows.paragraphs],
      citations: [...(batch.citations ?? []), ...this.rows.citations],
      refs: [...(batch.refs ?? []), ...this.rows.refs],
    };
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
    if (!this.closed) setTimeout(() => this.flusher.hurry(this), pause).unref();
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
    // A round under way may hold this answer's last batch: it is stored, or handed back, before the end is.
    await this.flusher.settled();
    const full: AnswerClosing = { ...closing, events: this.events, ...this.rows };
    const giveUpAt = Date.now() + this.settings.storeRetryMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.close(full);
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
    // The reader is told the answer was not saved yet: the kept stream ends the same way. The end's frames take
    // the ids of those they replace, so the cut at the last frame shown stays where it was.
    const firstReplaced = spilledEnd[0]?.id ?? Infinity;
    const events = [...full.events.filter((frame) => frame.id! < firstReplaced), ...spilledEnd];
    try {
      await this.spill.keep({ ...full, events });
      return 'spilled';
    } catch (error) {
      this.logger.error({ message: 'answer could not be kept in the spill directory', reason: String(error) });
      throw error;
    }
  }

  private hasUnwritten(): boolean {
    return this.events.length > 0 || this.rows.paragraphs.length > 0 || this.rows.refs.length > 0;
  }
}

function noRows(): ParagraphRows {
  return { paragraphs: [], citations: [], refs: [] };
}
