import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError } from '../platform/common/app-error.js';
import { newUuid } from '../platform/common/ids.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerJournalStore, type AnswerOpening } from './answer-journal-store.js';
import { AnswerNotSavedError } from './answer-session.js';
import { ASK_LIMITS, type AnswerLock, type AskLimits, type LimitRows } from './ask-limits.js';
import { AnswerInProgressError, RateLimitedError, StorageFailedError, storageReason } from './answer-errors.js';

/** A question let in: its answer's rows are open and the asker's one-answer lock is held for it. */
export interface Admitted {
  lock: AnswerLock;
  answerId: string;
  questionId: string;
}

/** A question turned away before `[START]`; `failure` is set when storage failed rather than a limit. */
export interface Refused {
  refused: AppError;
  failure?: unknown;
}

/**
 * A question's admission: the asker's one-answer lock, then the per-minute count, then the answer's rows opened.
 * A question refused because the lock is held is not counted. Where both limits are rows of the answers' database,
 * one statement does the three (a question's opening is when the most questions come at once, and each statement
 * costs the database and this process their own fixed share); elsewhere (Redis, or the embedded database, whose
 * count is kept in memory) they are taken in turn.
 */
@Injectable()
export class AnswerAdmission {
  private readonly logger = new Logger(AnswerAdmission.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ASK_LIMITS) private readonly limits: AskLimits,
    private readonly journalStore: AnswerJournalStore,
  ) {}

  async admit(opening: AnswerOpening): Promise<Admitted | Refused> {
    const rows = this.limits.rows;
    if (rows) return this.inOneStatement(opening, rows);
    return this.inTurn(opening.userId, opening.leaseMs, () => this.journalStore.open(opening));
  }

  /** The lock and the count alone, for an answer stored whole at its end (no rows are opened before it). */
  async admitLimits(userId: string): Promise<{ lock: AnswerLock } | Refused> {
    return this.inTurn(userId, this.config.stream.leaseMs, () => Promise.resolve({}));
  }

  private async inOneStatement(opening: AnswerOpening, rows: LimitRows): Promise<Admitted | Refused> {
    const holder = newUuid();
    let found;
    try {
      found = await this.journalStore.openAdmitted(opening, {
        holder,
        rateKey: rows.rateKey(opening.userId),
        perMinute: rows.perMinute,
        windowMs: rows.windowMs,
      });
    } catch (error) {
      // A statement whose reply was lost may have committed: its lock, if any, is let go (only this holder's).
      await this.letGo(rows.lock(opening.userId, holder), opening.userId);
      return notOpened(error);
    }
    if (!found.free) return { refused: new AnswerInProgressError() };
    if (found.points > rows.perMinute) return { refused: new RateLimitedError(rows.perMinute) };
    // Counted, but another question of the same user took the lock first.
    if (found.answerId === undefined) return { refused: new AnswerInProgressError() };
    return { lock: rows.lock(opening.userId, holder), answerId: found.answerId, questionId: found.questionId! };
  }

  /**
   * A failure of the limits' own store (Redis, or the embedded database) refuses the question as a failure of
   * storage, as one of the journal's does; the lock is let go of whatever happens after it is taken.
   */
  private async inTurn<Rows extends object>(
    userId: string,
    leaseMs: number,
    open: () => Promise<Rows>,
  ): Promise<({ lock: AnswerLock } & Rows) | Refused> {
    let lock;
    try {
      lock = await this.limits.acquire(userId, leaseMs);
    } catch (error) {
      return limitsUnreachable(error);
    }
    if (lock === undefined) return { refused: new AnswerInProgressError() };
    let admitted = false;
    try {
      let allowed;
      try {
        allowed = await this.limits.allow(userId);
      } catch (error) {
        return limitsUnreachable(error);
      }
      if (!allowed) return { refused: new RateLimitedError(this.config.limits.asksPerMinute) };
      let opened;
      try {
        opened = await open();
      } catch (error) {
        return notOpened(error);
      }
      admitted = true;
      return { lock, ...opened };
    } finally {
      if (!admitted) await this.letGo(lock, userId);
    }
  }

  private async letGo(lock: AnswerLock, userId: string): Promise<void> {
    await lock
      .release()
      .catch((error: unknown) =>
        this.logger.error({ message: 'answer lock release failed', user: userId, reason: storageReason(error) }),
      );
  }
}

function limitsUnreachable(error: unknown): Refused {
  const message = 'The question was not let in: the store of the per-user limits is unavailable. Ask again shortly.';
  return { refused: new StorageFailedError(error, message), failure: error };
}

function notOpened(error: unknown): Refused {
  return { refused: error instanceof AppError ? error : new AnswerNotSavedError(), failure: error };
}
