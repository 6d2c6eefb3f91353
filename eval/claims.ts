/**
 * The support and quote checks alone on eval/set/claims.json and quotes.json: `npm run eval:claims`
 * (`-- --misses dev` or EVAL_MISSES=dev to list the misjudged pairs). Compiles only what it imports, so it runs
 * while other parts of the tree are mid-change; `npm run eval` prints the same block among the other metrics.
 */
import { ClaimSupportVerifier } from '../src/citation/support/claim-verifier.js';
import {
  batchTable,
  claimMetrics,
  headline,
  kindTable,
  misjudged,
  missesRequested,
  splitSummary,
} from './claim-metrics.js';

const misses = missesRequested();
const metrics = claimMetrics(new ClaimSupportVerifier());

print(
  `claim pairs: ${metrics.pairs} (dev ${metrics.dev.pairs}, test ${metrics.test.pairs}); quotes: ${metrics.quotes}; ` +
    `holdout pairs: ${metrics.holdout.pairs}`,
);
print(...kindTable(metrics));
print('holdout:', ...kindTable(metrics.holdout));
print('by batch:', ...batchTable(metrics));
if (misses) print(...misjudged(metrics, misses));
print(
  JSON.stringify({
    ...headline(metrics),
    contradictedRecall: metrics.contradictedRecall,
    verdicts: metrics.verdicts,
    flagRateByKind: metrics.flagRateByKind,
    dev: splitSummary(metrics.dev),
    test: splitSummary(metrics.test),
    holdout: splitSummary(metrics.holdout),
  }),
);

function print(...lines: string[]): void {
  for (const line of lines) process.stdout.write(`${line}\n`);
}
