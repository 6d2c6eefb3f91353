import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DATA_SOURCE } from '../database/database.module.js';
import { AnswerMetrics, type AnswerInstruments } from './answer-metrics.js';
import { METRIC_LABEL_VALUES } from './metric-series.js';

/** The part of node-postgres' pool the gauges read. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The service's Prometheus metrics, in a registry of its own (several applications may share a process in
 * tests). Counting is always on and costs a few additions; `/metrics` shows them only when enabled.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly enabled: boolean;
  private readonly openStreams: Gauge;
  private readonly instruments: AnswerInstruments;
  private readonly storageFailures: Counter;
  private readonly journalRetries: Counter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DATA_SOURCE) dataSource: DataSource) {
    this.enabled = config.metrics.enabled;
    const registers = [this.registry];
    if (this.enabled) collectDefaultMetrics({ register: this.registry });
    this.openStreams = new Gauge({
      name: 'citation_stream_open_streams',
      help: 'Answer streams open now',
      registers,
    });
    this.instruments = {
      asks: new Counter({
        name: 'citation_stream_asks_total',
        help: 'Questions by how they ended: complete, failed, interrupted, or rejected before the answer started',
        labelNames: ['outcome'],
        registers,
      }),
      firstToken: new Histogram({
        name: 'citation_stream_model_first_token_seconds',
        help: "Time from the model call to the model's first token",
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
        registers,
      }),
      paragraphLatency: new Histogram({
        name: 'citation_stream_paragraph_send_seconds',
        help: 'Time from a paragraph closing in the citation core to its event reaching the socket',
        buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
        registers,
      }),
      tokens: new Counter({
        name: 'citation_stream_tokens_streamed_total',
        help: 'Output tokens the model streamed, as it reported them',
        registers,
      }),
      citations: new Counter({
        name: 'citation_stream_citations_total',
        help:
          'Citations by result: emitted in paragraphs, dropped as invalid, inferred; and by the support check: ' +
          'verified in their source, unverified (the check cannot tell), contradicted by their source',
        labelNames: ['result'],
        registers,
      }),
      fallbacks: new Counter({
        name: 'citation_stream_fallbacks_total',
        help: 'Answers whose model broke the citation format and fell back to plain text',
        registers,
      }),
      refusals: new Counter({
        name: 'citation_stream_refusals_total',
        help: 'Answers the model refused',
        registers,
      }),
    };
    // Every outcome and result from the start, at zero: a rate over a series that appears late misses its first
    // increase.
    for (const outcome of METRIC_LABEL_VALUES.citation_stream_asks_total.outcome) {
      this.instruments.asks.inc({ outcome }, 0);
    }
    for (const result of METRIC_LABEL_VALUES.citation_stream_citations_total.result) {
      this.instruments.citations.inc({ result }, 0);
    }
    this.storageFailures = new Counter({
      name: 'citation_stream_storage_failures_total',
      help: 'Answers that could not be stored',
      registers,
    });
    this.journalRetries = new Counter({
      name: 'citation_stream_journal_retries_total',
      help: 'Retried writes of the answer journal',
      registers,
    });
    const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
    new Gauge({
      name: 'citation_stream_db_pool_connections',
      help: 'Database pool connections by state: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const counts = pool();
        const [total, idle, waiting] = METRIC_LABEL_VALUES.citation_stream_db_pool_connections.state;
        // A driver without a pool to read still serves the documented series.
        this.set({ state: total }, counts?.totalCount ?? 0);
        this.set({ state: idle }, counts?.idleCount ?? 0);
        this.set({ state: waiting }, counts?.waitingCount ?? 0);
      },
    });
  }

  /** Counts the stream as open until `connection` closes. */
  streamOpened(connection: { onClose(handler: () => void): void }): void {
    this.openStreams.inc();
    connection.onClose(() => this.openStreams.dec());
  }

  /** A question refused before its answer started (rate limit, unknown conversation, …). */
  askRejected(): void {
    this.instruments.asks.inc({ outcome: 'rejected' });
  }

  /** Starts measuring one answer, right before the model is called. */
  answerStarted(): AnswerMetrics {
    return new AnswerMetrics(this.instruments);
  }

  storageFailed(): void {
    this.storageFailures.inc();
  }

  journalRetried(): void {
    this.journalRetries.inc();
  }
}
