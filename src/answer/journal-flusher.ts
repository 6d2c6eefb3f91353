import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerJournalStore, type AnswerBatch } from './answer-journal-store.js';
import { isRowError, storageReason } from './answer-errors.js';
import { LiveAnswers } from './live-answers.js';

/** A journal as the flusher sees it: it hands over its unwritten batch and is told how the write went. */
export interface FlushableJournal {
  /** The batch to write now; undefined when there is nothing, or the journal waits out a retry pause. */
  takeBatch(now: number): AnswerBatch | undefined;
  /** The batch committed: its frames may now be sent. */
  stored(batch: AnswerBatch): void;
  failed(batch: AnswerBatch, error: unknown): void;
}

/**
 * Rounds start at least this far apart. Each round is a statement, and a statement costs the process about the
 * same however many answers it carries (the write that wakes a database backend, the reply, the notification
 * that comes back): back to back, under load, the rounds ran several hundred a second, one or two frames of each
 * answer apiece, and cost the endpoint about half again its CPU per token. Spaced, a round carries what every
 * answer produced in this time, and a frame waits at most this long more before it is sent.
 */
export const ROUND_SPACING_MS = 8;

/**
 * Writes the journals of every answer this instance streams, many answers a statement (group commit). An
 * answer's frames are sent only once the statement that journals them has committed (write ahead), so a frame
 * that becomes ready hurries its journal: it goes out in the next round, which starts once this turn of the
 * event loop is over, once the round under way has ended, and no sooner than `ROUND_SPACING_MS` after the last
 * round started; it takes every journal hurried meanwhile. A frame after a quiet spell goes out at once.
 *
 * Paragraph and citation rows that wait alone (no frame with them) go out at least every `JOURNAL_FLUSH_MS`.
 */
@Injectable()
export class JournalFlusher {
  private readonly logger = new Logger(JournalFlusher.name);
  private waiting = new Set<FlushableJournal>();
  private hurried = new Set<FlushableJournal>();
  private timer: NodeJS.Timeout | undefined;
  /** The timer went off: the next round takes every waiting journal, not only the hurried ones. */
  private due = false;
  private soon = false;
  private round: Promise<void> | undefined;
  private again = false;
  /** When the last round started, and the next one once it may (see `ROUND_SPACING_MS`). */
  private lastRoundAt = 0;
  private spacing: Promise<void> | undefined;

  constructor(
    private readonly store: AnswerJournalStore,
    private readonly live: LiveAnswers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The journal has unwritten events: they go out with the next round, at most `JOURNAL_FLUSH_MS` from now. */
  enlist(journal: FlushableJournal): void {
    this.waiting.add(journal);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.due = true;
      this.start();
    }, this.config.journal.flushMs);
  }

  /**
   * A paragraph closed (or a retry pause ended): this journal goes out in a round that starts once this turn
   * of the event loop is over, or once the round under way has ended.
   */
  hurry(journal: FlushableJournal): void {
    this.hurried.add(journal);
    if (this.soon) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      this.start();
    });
  }

  /**
   * Resolves when the round under way, which may hold a closing journal's last batch, has ended, and the round
   * waiting for its turn too (what was hurried before is then written).
   */
  async settled(): Promise<void> {
    await this.spacing;
    await this.round;
  }

  private start(): void {
    if (this.round) {
      this.again = true;
      return;
    }
    if (this.spacing) return;
    const now = Date.now();
    const early = this.lastRoundAt + ROUND_SPACING_MS - now;
    if (early > 0) {
      this.spacing = new Promise((resolve) =>
        setTimeout(() => {
          this.spacing = undefined;
          this.start();
          resolve();
        }, early),
      );
      return;
    }
    const entries: { journal: FlushableJournal; batch: AnswerBatch }[] = [];
    const take = (journals: Set<FlushableJournal>) => {
      for (const journal of journals) {
        const batch = journal.takeBatch(now);
        if (batch) entries.push({ journal, batch });
      }
    };
    // A journal left out (waiting out a retry) is hurried again when its pause ends.
    take(this.hurried);
    this.hurried = new Set();
    if (this.due) {
      this.due = false;
      take(this.waiting);
      this.waiting = new Set();
    }
    if (entries.length === 0) return;
    this.lastRoundAt = now;
    this.round = this.write(entries).finally(() => {
      this.round = undefined;
      if (this.again) {
        this.again = false;
        this.start();
      }
    });
  }

  private async write(entries: { journal: FlushableJournal; batch: AnswerBatch }[]): Promise<void> {
    try {
      await this.store.appendMany(entries.map((entry) => entry.batch));
      this.stored(entries);
    } catch (error) {
      if (entries.length === 1 || !isRowError(error)) {
        for (const { journal, batch } of entries) journal.failed(batch, error);
        return;
      }
      // One answer's rows were refused (its answer deleted meanwhile, say): each answer on its own, so that the
      // others are not held back with it.
      this.logger.warn({
        message: 'answer journal batch refused; writing its answers one by one',
        reason: storageReason(error),
      });
      await Promise.all(
        entries.map(async (entry) => {
          try {
            await this.store.appendMany([entry.batch]);
            this.stored([entry]);
          } catch (single) {
            entry.journal.failed(entry.batch, single);
          }
        }),
      );
    }
  }

  private stored(entries: { journal: FlushableJournal; batch: AnswerBatch }[]): void {
    for (const { journal, batch } of entries) journal.stored(batch);
    this.live.journalGrew(entries.map((entry) => entry.batch.answerUuid));
  }
}
