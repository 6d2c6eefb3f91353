import { Inject, Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AuthService } from '../auth/auth.service.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { sseEvent } from '../sse/sse-frames.js';
import { UsageRepository, type Usage } from './usage.repository.js';
import { QuotaExceededError } from './user-errors.js';

/**
 * Holds a question back when the user has used up a daily or monthly quota (`QUOTA_*`; the settings page shows
 * them). Answered as the legacy server does: an `[ERROR]` event with no `[START]`, which the stock client shows
 * in the answer bubble. A request without a valid token goes on, to be refused by the guard.
 */
@Injectable()
export class AskQuotaMiddleware implements NestMiddleware {
  private readonly logger = new Logger(AskQuotaMiddleware.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly usage: UsageRepository,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const token = request.headers.authorization?.trim().replace(/^Bearer\s+/i, '');
    const user = token ? await this.auth.userForToken(token) : undefined;
    const exceeded = user ? this.exceeded(await this.usage.usageOf(user.id)) : undefined;
    if (!user || !exceeded) {
      next();
      return;
    }
    this.logger.log({ message: 'question refused: quota used up', userUuid: user.uuid, quota: exceeded.message });
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    response.end(sseEvent('[ERROR]', `${exceeded.code}: ${exceeded.message}`));
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
