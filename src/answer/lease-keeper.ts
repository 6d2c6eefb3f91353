import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { ASK_LIMITS, type AnswerLock, type AskLimits } from './ask-limits.js';
import { storageReason } from './answer-errors.js';

/** What is kept alive while an answer streams. */
export interface KeptLease {
  /** The user's one-answer lock. */
  lock: AnswerLock;
  /** The journaled answer whose writer's lease is renewed too, and where a stop asked on another instance shows. */
  answerId?: string;
  /** Called when someone asked (on any instance) to stop the answer. */
  onStopAsked?: () => void;
  /** Names the answer in logs. */
  answerUuid: string;
}

/**
 * Renews, every third of a lease, the lock and the writer's lease of every answer this instance streams: two
 * statements (or one Redis round trip and one statement) for all of them, where each answer used to make two
 * of its own. Both then free within a lease of a crash, and a stop asked on another instance is picked up.
 */
@Injectable()
export class LeaseKeeper implements OnApplicationShutdown {
  private readonly logger = new Logger(LeaseKeeper.name);
  private readonly kept = new Set<KeptLease>();
  private timer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(
    @Inject(ASK_LIMITS) private readonly limits: AskLimits,
    private readonly journal: AnswerJournalStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Keeps the lease renewed until the returned function is called. */
  keep(lease: KeptLease): () => void {
    this.kept.add(lease);
    this.timer ??= setInterval(() => void this.renewAll(), Math.max(100, Math.floor(this.config.stream.leaseMs / 3)));
    return () => {
      this.kept.delete(lease);
      if (this.kept.size === 0) this.stop();
    };
  }

  onApplicationShutdown(): void {
    this.stop();
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async renewAll(): Promise<void> {
    // A renewal slower than the interval is not overtaken by the next one.
    if (this.renewing) return;
    this.renewing = true;
    const leases = [...this.kept];
    const { leaseMs } = this.config.stream;
    const answerIds = leases.flatMap((lease) => (lease.answerId ? [lease.answerId] : []));
    try {
      const [held, stopAsked] = await Promise.all([
        this.limits
          .renewMany(
            leases.map((lease) => lease.lock),
            leaseMs,
          )
          .catch((error: unknown) => this.failed('answer lock renewal failed', leases.length, error)),
        this.journal
          .renewMany(answerIds, leaseMs)
          .catch((error: unknown) => this.failed('answer lease renewal failed', answerIds.length, error)),
      ]);
      for (const lease of leases) {
        if (held && !held.has(lease.lock.holder) && this.kept.has(lease)) {
          this.logger.warn({ message: 'answer lock was lost', answer: lease.answerUuid });
        }
        if (lease.answerId && stopAsked?.has(lease.answerId)) lease.onStopAsked?.();
      }
    } finally {
      this.renewing = false;
    }
  }

  private failed(message: string, answers: number, error: unknown): undefined {
    this.logger.warn({ message, answers, reason: storageReason(error) });
    return undefined;
  }
}
