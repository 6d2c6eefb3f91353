// Writes test/durations.json, the order in which the tests start (test/support/slowest-first-sequencer.mjs), from
// the report of a whole run: `npm test -- --maxWorkers=2 --json --outputFile=<report>`, then
// `node scripts/test-durations.mjs <report>`. Seconds per test file, slowest first.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import process from 'node:process';

const report = process.argv[2];
if (!report) {
  process.stderr.write('Usage: node scripts/test-durations.mjs <jest --json report of a whole run>\n');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const durations = testResults
  .map((result) => [relative(process.cwd(), result.name), Math.round((result.endTime - result.startTime) / 100) / 10])
  .sort((a, b) => b[1] - a[1]);
writeFileSync('test/durations.json', `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`);
process.stdout.write(`test/durations.json: ${durations.length} test files\n`);
