import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AnswerJournalStore } from './answer-journal-store.js';
import { AnswerSpill } from './answer-spill.js';
import { storageReason } from './answer-errors.js';

/**
 * Answers whose writer died (its lease ran out: the process was killed, or lost the database for longer than
 * a lease) are closed as `interrupted`, with the text they had: at start, and then once per lease.
 */
@Injectable()
export class AnswerRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnswerRecovery.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: AnswerJournalStore,
    private readonly spill: AnswerSpill,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // What a dead writer sent while the database was away is in the spill directory: stored before its answer is
    // closed, so the closed answer holds every event its reader was sent.
    await this.spill.replayOrphanEvents();
    await this.closeAbandoned();
    this.timer = setInterval(() => void this.closeAbandoned(), this.config.stream.leaseMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async closeAbandoned(): Promise<void> {
    try {
      const closed = await this.store.closeAbandoned(this.config.stream.leaseMs);
      if (closed.length > 0)
        this.logger.warn({ message: 'answers of a dead writer closed as interrupted', answers: closed });
    } catch (error) {
      this.logger.warn({ message: 'closing abandoned answers failed', reason: storageReason(error) });
    }
  }
}
