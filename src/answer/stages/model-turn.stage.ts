import { Inject, Injectable, type Logger } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { CitationStreamOptions } from '../../citation/citation-stream.js';
import { answerEnds } from '../../platform/common/turn-lane.js';
import type { AppConfig } from '../../platform/config/app-config.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AnswerMetrics } from '../../platform/metrics/answer-metrics.js';
import { MODEL_PROVIDER, type ModelProvider } from '../../model/model-provider.js';
import { refusalDeltas } from '../../model/refusal.js';
import { answerEvents, modelTurn, withRepairRetry, type AnswerEvent } from '../answer-events.js';
import type { AnswerQuestion } from '../answer-question.js';
import type { AnswerSession } from '../answer-session.js';
import { CitationTrust } from '../citation-trust.service.js';
import type { Retrieved, TurnResult } from './handoffs.js';

/**
 * Stage 4, the model turn: the model (or, with nothing retrieved and the refusal setting on, the refusal) through
 * the citation core onto the wire and into the journal: text, `[CITATION_REF]`, `[CITATION_PARAGRAPH]`, and
 * `[CITATION_VERDICT]` as a late verifier judges each sent paragraph. A format that breaks before any text was
 * shown is asked for again once. Failures become the ending; nothing is thrown.
 */
@Injectable()
export class ModelTurnStage {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MODEL_PROVIDER) private readonly model: ModelProvider,
    private readonly trust: CitationTrust,
  ) {}

  async run(
    question: AnswerQuestion,
    retrieved: Retrieved,
    session: AnswerSession,
    observed: AnswerMetrics,
    logger: Logger,
    journaled: boolean,
  ): Promise<TurnResult> {
    // A model verifier judges each paragraph once it is sent; its verdicts are events of the answer too.
    const relay = this.trust.relay(retrieved.catalog, (verdict) => session.emit(session.mapper.verdict(verdict)));
    const cancelRelay = session.stopped$.subscribe(() => relay?.cancel());
    try {
      const events$ = this.events(question, retrieved, session, observed, logger, journaled);
      const ending = await session.run(events$, (event) => {
        observed.event(event);
        if (event.type === 'paragraph') relay?.paragraph(event.paragraph);
      });
      // The end waits for the verdicts still being worked on, so that they are sent and stored with the answer.
      if (ending.kind !== 'complete') relay?.cancel();
      return { ending, verdicts: relay ? await relay.settle() : [] };
    } catch (error) {
      relay?.cancel();
      return { ending: { kind: 'failed', error, done: undefined }, verdicts: [] };
    } finally {
      cancelRelay.unsubscribe();
    }
  }

  private events(
    question: AnswerQuestion,
    { catalog, options, memory }: Retrieved,
    session: AnswerSession,
    observed: AnswerMetrics,
    logger: Logger,
    journaled: boolean,
  ): Observable<AnswerEvent> {
    const { timeoutMs, repairRetry } = this.config.ask;
    const modelName = question.modelName?.trim();
    const quotes = this.trust.quotes;
    // A journal stores the text and paragraphs as they are shown: the citation core need not keep them then.
    const streamOptions: CitationStreamOptions = journaled ? { ...options, keepAnswerText: false } : options;
    // With nothing retrieved and the refusal setting on, the model is not asked: the refusal is the answer.
    const model = (repair: boolean) =>
      options.refused
        ? refusalDeltas(question.text)
        : this.model.stream({
            question: question.text,
            catalog,
            repair,
            ready: session.ready,
            ...memory.request,
            ...(modelName ? { modelName } : {}),
            ...(quotes ? { quotes } : {}),
          });
    const attempt = (repair: boolean) =>
      model(repair).pipe(
        modelTurn({
          stop$: session.stopped$,
          deadlineMs: timeoutMs,
          lane: answerEnds,
          onFirstOutput: () => observed.firstOutput(),
        }),
        answerEvents(catalog, streamOptions),
      );
    return repairRetry
      ? withRepairRetry(attempt, (reason) => logger.warn({ message: 'answer format broke; asking again', reason }))
      : attempt(false);
  }
}
