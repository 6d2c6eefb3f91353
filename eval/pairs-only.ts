import { LexicalSupportVerifier } from '../src/citation/support/index.js';
import { chunksByKey } from './labelled-set.js';
import { pairMetrics } from './pair-metrics.js';

const verifier = new LexicalSupportVerifier();
const metrics = pairMetrics(verifier);
const chunks = chunksByKey();
for (const o of metrics.outcomes) {
  if (o.predicted !== o.pair.supported) {
    const why = verifier.explain(o.pair.paragraph, [{ citationId: 'E1', text: chunks.get(o.pair.chunk)! }]);
    process.stdout.write(
      `MISS ${o.pair.kind} ${o.pair.chunk} label=${o.pair.supported}: ${o.pair.paragraph}\n   ${JSON.stringify(why.map((w) => [w.coverage.toFixed(2), w.fault ?? '-', w.judged]))}\n`,
    );
  }
}
const { outcomes: _o, ...rest } = metrics;
process.stdout.write(`${JSON.stringify(rest)}\n`);
