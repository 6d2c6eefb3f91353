import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AuthService } from './auth.service.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { sseEvent } from '../platform/sse/sse-frames.js';
import { UsageRepository, type Usage } from './usage.repository.js';
import { QuotaExceededError } from './user-errors.js';

/** How long a user's counted usage is reused before it is counted again from the stored messages. */
const USAGE_REUSE_MS = 30_000;
/** Users whose usage is kept at most; the oldest goes first. */
const USAGE_KEPT = 10_000;

/**
 * Holds a question back when the user has used up a daily or monthly quota (`QUOTA_*`; the settings page shows
 * them). Answered as the legacy server does: an `[ERROR]` event with no `[START]`, which the stock client shows
 * in the answer bubble. A request without a valid token goes on, to be refused by the guard.
 *
 * Counting usage reads every message the user stored this month, which grows with use; it is counted once per
 * {@link USAGE_REUSE_MS} and each question let through meanwhile is added to the count kept. Tokens are added
 * at the next count, and other instances' questions too: the quota can be overrun by what one user asks
 * within that time, never more.
 */
@Injectable()
export class AskQuotaMiddleware implements NestMiddleware {
  private readonly logger = new Logger(AskQuotaMiddleware.name);

  private readonly counted = new Map<string, { usage: Usage; until: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly usage: UsageRepository,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const user = await this.auth.userOfRequest(request);
    if (!user) return next();
    const usage = await this.usageOf(user.id);
    const exceeded = this.exceeded(usage);
    if (!exceeded) {
      usage.requestsToday++;
      usage.requestsThisMonth++;
      return next();
    }
    this.logger.log({ message: 'question refused: quota used up', userUuid: user.uuid, quota: exceeded.message });
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    response.end(sseEvent('[ERROR]', `${exceeded.code}: ${exceeded.message}`));
  }

  /** The user's usage, counted at most {@link USAGE_REUSE_MS} ago (the object is the one kept: it is counted on). */
  private async usageOf(userId: string): Promise<Usage> {
    const now = Date.now();
    const known = this.counted.get(userId);
    if (known && known.until > now) return known.usage;
    const usage = await this.usage.usageOf(userId);
    this.counted.delete(userId);
    if (this.counted.size >= USAGE_KEPT) this.counted.delete(this.counted.keys().next().value!);
    this.counted.set(userId, { usage, until: now + USAGE_REUSE_MS });
    return usage;
  }

  private exceeded(used: Usage): QuotaExceededError | undefined {
    const quota = this.config.quota;
    const limits: [number, number, string][] = [
      [used.requestsToday, quota.requestsPerDay, `${quota.requestsPerDay} questions a day`],
      [used.requestsThisMonth, quota.requestsPerMonth, `${quota.requestsPerMonth} questions a month`],
      [used.tokensToday, quota.tokensPerDay, `${quota.tokensPerDay} tokens a day`],
      [used.tokensThisMonth, quota.tokensPerMonth, `${quota.tokensPerMonth} tokens a month`],
    ];
    const hit = limits.find(([value, limit]) => value >= limit);
    return hit
      ? new QuotaExceededError(`额度已用完 You have used your quota of ${hit[2]}; ask again when it renews.`)
      : undefined;
  }
}
