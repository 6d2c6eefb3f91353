/**
 * The support check's work on the answer `bench:citation` times, for a counter of instructions rather than a clock:
 * on a shared machine a run's times move by a third, while the instructions a run executes do not. It checks the
 * 200 KiB answer's paragraphs against their sources `SUPPORT_CHECK_PASSES` times (default 3), each pass with a fresh
 * verifier that has read the sources first, as a stream's would. Run it under valgrind's callgrind with V8 on one
 * thread (`npm run bench:check-instructions`); compare two codes by their counts, node's start-up included in both.
 */
import { ClaimSupportVerifier } from '../src/citation/support/claim-verifier.js';
import { sourceText } from '../src/citation/support/support-judge.js';
import { catalog, KIB, makeAnswer } from './citation-inputs.js';

const passes = Number(process.env.SUPPORT_CHECK_PASSES ?? 3);
const sources = catalog();
const paragraphs = (
  JSON.parse(makeAnswer(200 * KIB)) as { paragraphs: { text: string; citationIds: string[] }[] }
).paragraphs.map((paragraph) => ({
  text: paragraph.text,
  sources: paragraph.citationIds.map((citationId) => ({ citationId, text: sourceText(sources.get(citationId)!) })),
}));
let contradicted = 0;
for (let pass = 0; pass < passes; pass++) {
  const verifier = new ClaimSupportVerifier();
  verifier.prepare(sources.entries.map(sourceText));
  for (const paragraph of paragraphs) {
    if (verifier.check(paragraph.text, paragraph.sources).verdict === 'contradicted') contradicted++;
  }
}
process.stdout.write(`${JSON.stringify({ paragraphs: paragraphs.length, passes, contradicted })}\n`);
