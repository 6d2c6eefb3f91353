import { Inject, Injectable, type Logger } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { MetricsService } from '../../platform/metrics/metrics.service.js';
import type { AnswerProfile } from '../answer-profile.js';
import { AnswerTooLargeError, usageMeta } from '../answer-session.js';
import type { Closing } from '../answer-store.js';
import { AnswerStores } from '../answer-stores.js';
import type { Ending } from './handoffs.js';

/**
 * Stage 5, the end: the closing frames (`[CITATION_DONE]` and `[DONE]` with `[META]`, or `[ERROR]`), the answer
 * stored through the profile's answer store (the journal closed with its record, or the Q&A record saved whole),
 * the lock let go, then the closing frames sent: a client that asks again as soon as it reads `[DONE]` is not
 * told an answer is still being written.
 */
@Injectable()
export class EndStage {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stores: AnswerStores,
    private readonly metrics: MetricsService,
  ) {}

  async finish(profile: AnswerProfile, ending: Ending, logger: Logger): Promise<void> {
    const { session, observed } = ending.opened;
    const closing = this.closing(ending, logger);
    const stored = await this.stores.of(profile).finish(ending, closing, logger);
    if (!stored.stored) this.metrics.storageFailed();
    const { status, end } = closing;
    observed.finished(status === 'complete' ? 'complete' : status === 'failed' ? 'failed' : 'interrupted');
    await ending.letGo();
    session.sendAndEnd(stored.stored ? end : stored.end);
  }

  /** `[DONE]` when the answer completed or was stopped, else `[ERROR]`, or nothing for a reader already gone. */
  private closing({ turn, question, admitted, hits, opened }: Ending, logger: Logger): Closing {
    const { ending } = turn;
    const { mapper } = opened.session;
    // A stop cuts the model's JSON short on purpose: that is not the model breaking the citation format.
    const stopped = ending.kind === 'stopped' && ending.reason === 'stop';
    const summary = stopped && ending.done ? { ...ending.done.summary, hasCitationError: false } : ending.done?.summary;
    if (ending.kind === 'failed') return { status: 'failed', end: mapper.error(ending.error), summary };
    if (ending.kind === 'stopped' && ending.reason === 'too-large') {
      // Cut where it passed the limit, as a client that never reads is by it: what was shown stands.
      const error = new AnswerTooLargeError(this.config.stream.maxAnswerChars);
      return { status: 'interrupted', end: mapper.error(error), summary };
    }
    if (ending.kind === 'stopped' && ending.reason === 'reader-gone')
      return { status: 'interrupted', end: [], summary };
    if (summary?.hasCitationError) {
      logger.warn({ message: 'answer fell back to plain text', outcome: summary.outcome, reason: summary.reason });
    }
    const end = mapper.done(summary!, {
      questionUuid: question.uuid,
      answerUuid: admitted.answerUuid,
      isRefEmbedding: (hits?.embeddings.length ?? 0) > 0,
      isRefGraph: (hits?.graph.length ?? 0) > 0,
      ...usageMeta(ending.done?.usage),
      ...(stopped ? { stopped } : {}),
      ...(hits?.retrieval ? { retrieval: hits.retrieval } : {}),
    });
    return { status: ending.kind === 'complete' ? 'complete' : 'interrupted', end, summary };
  }
}
