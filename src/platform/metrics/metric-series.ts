import { CITATION_VERDICTS } from './answer-metrics.js';

/**
 * The label values of each labelled metric: every one is served from the start, at zero for a counter, since a
 * rate over a series that appears late misses its first increase. docs/operations.md's Metrics section lists the same.
 */
export const METRIC_LABEL_VALUES = {
  citation_stream_asks_total: { outcome: ['complete', 'failed', 'interrupted', 'rejected'] },
  citation_stream_citations_total: { result: ['emitted', 'dropped', 'inferred', ...CITATION_VERDICTS] },
  citation_stream_db_pool_connections: { state: ['total', 'idle', 'waiting'] },
} as const;
