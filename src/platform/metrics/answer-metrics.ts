import type { Counter, Histogram } from 'prom-client';

/** What the metrics read of an answer event; the answer pipeline's own events fit this shape. */
export interface ObservedEvent {
  type: string;
  paragraph?: { citationIds: readonly string[]; support?: readonly { verdict: string }[]; inferred?: boolean };
  summary?: {
    hasCitationError: boolean;
    droppedCitationCount: number;
    contradictedCitationCount?: number;
    refused?: boolean;
  };
  usage?: { completionTokens?: number };
}

export type AnswerOutcome = 'complete' | 'failed' | 'interrupted';

export interface AnswerInstruments {
  asks: Counter<'outcome'>;
  firstToken: Histogram;
  paragraphLatency: Histogram;
  tokens: Counter;
  citations: Counter<'result'>;
  fallbacks: Counter;
  refusals: Counter;
}

/** The support check's verdicts, each a `result` of the citations counter. */
export const CITATION_VERDICTS = ['verified', 'unverified', 'contradicted'] as const;

/** The measurements of one answer, from the model call to how the answer ended. */
export class AnswerMetrics {
  private readonly startedAt = performance.now();
  private sawModelOutput = false;
  private sawContradicted = 0;
  private ended = false;

  constructor(private readonly instruments: AnswerInstruments) {}

  /** The model's first output: the time to its first token. */
  firstOutput(): void {
    if (this.sawModelOutput) return;
    this.sawModelOutput = true;
    this.instruments.firstToken.observe((performance.now() - this.startedAt) / 1000);
  }

  /**
   * Call right after the event was written to the connection. The connection hands what was written to the
   * socket in a microtask queued by that write, so the one queued here runs just after it: the paragraph's
   * latency is from the citation core giving it to its bytes reaching the socket.
   */
  event(event: ObservedEvent): void {
    if (event.type === 'paragraph' && event.paragraph) {
      const closedAt = performance.now();
      queueMicrotask(() => this.instruments.paragraphLatency.observe((performance.now() - closedAt) / 1000));
      const { citationIds, support, inferred } = event.paragraph;
      this.instruments.citations.inc({ result: 'emitted' }, citationIds.length);
      if (inferred) this.instruments.citations.inc({ result: 'inferred' }, citationIds.length);
      // Counted as they are sent, so that an answer that fails later still counts the verdicts it showed.
      for (const verdict of CITATION_VERDICTS) {
        const count = support?.filter((entry) => entry.verdict === verdict).length ?? 0;
        if (count > 0) this.instruments.citations.inc({ result: verdict }, count);
        if (verdict === 'contradicted') this.sawContradicted += count;
      }
    } else if (event.type === 'done' && event.summary) {
      const { summary, usage } = event;
      this.instruments.citations.inc({ result: 'dropped' }, summary.droppedCitationCount);
      // Contradicted citations the drop policy took out were never sent: only the summary counts them.
      const dropped = (summary.contradictedCitationCount ?? 0) - this.sawContradicted;
      if (dropped > 0) this.instruments.citations.inc({ result: 'contradicted' }, dropped);
      if (summary.hasCitationError) this.instruments.fallbacks.inc();
      if (summary.refused) this.instruments.refusals.inc();
      if (usage?.completionTokens) this.instruments.tokens.inc(usage.completionTokens);
    }
  }

  /** How the answer ended; counted once. */
  finished(outcome: AnswerOutcome): void {
    if (this.ended) return;
    this.ended = true;
    this.instruments.asks.inc({ outcome });
  }
}
