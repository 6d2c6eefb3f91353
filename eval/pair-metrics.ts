import type { SupportVerifier } from '../src/citation/support/index.js';
import { chunksByKey, labelledPairs, type LabelledPair, type PairKind } from './labelled-set.js';

export interface PairOutcome {
  pair: LabelledPair;
  /** The verifier's verdict: the chunk supports the whole paragraph. */
  predicted: boolean;
}

export interface PairMetrics {
  pairs: number;
  unsupportedDetectionPrecision: number;
  unsupportedDetectionRecall: number;
  accuracyByKind: Record<PairKind, number>;
  outcomes: PairOutcome[];
}

/** Runs every labelled pair through `verifier` (the chunk as the paragraph's only citation). */
export function pairMetrics(verifier: SupportVerifier): PairMetrics {
  const chunks = chunksByKey();
  const outcomes = labelledPairs().map((pair): PairOutcome => {
    const text = chunks.get(pair.chunk);
    if (text === undefined) throw new Error(`pair names an unknown chunk ${pair.chunk}`);
    const verdict = verifier.check(pair.paragraph, [{ citationId: 'E1', text }]);
    return { pair, predicted: verdict.verdict === 'verified' };
  });
  const flagged = outcomes.filter((outcome) => !outcome.predicted);
  const unsupported = outcomes.filter((outcome) => !outcome.pair.supported);
  const hits = flagged.filter((outcome) => !outcome.pair.supported).length;
  const byKind = new Map<PairKind, PairOutcome[]>();
  for (const outcome of outcomes) byKind.set(outcome.pair.kind, [...(byKind.get(outcome.pair.kind) ?? []), outcome]);
  const accuracyByKind = Object.fromEntries(
    [...byKind].map(([kind, list]) => [
      kind,
      share(list.filter((o) => o.predicted === o.pair.supported).length, list.length),
    ]),
  ) as Record<PairKind, number>;
  return {
    pairs: outcomes.length,
    unsupportedDetectionPrecision: share(hits, flagged.length),
    unsupportedDetectionRecall: share(hits, unsupported.length),
    accuracyByKind,
    outcomes,
  };
}

export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 1000;
}
