// Jest's order of the test files: the slowest first, so that the two workers of `npm run check` end together
// rather than one of them running a long file alone at the end. Jest orders by the durations in its cache, which a
// clean clone (as `.ci/run` makes) does not have; test/durations.json holds the durations of a whole run instead
// (made by scripts/test-durations.mjs). A file not in it yet runs first: it might be slow.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { URL } from 'node:url';
import sequencer from '@jest/test-sequencer';

const TestSequencer = sequencer.default;
const DURATIONS = JSON.parse(readFileSync(new URL('../durations.json', import.meta.url), 'utf8'));

export default class SlowestFirstSequencer extends TestSequencer {
  sort(tests) {
    const seconds = (test) => DURATIONS[relative(test.context.config.rootDir, test.path)] ?? Infinity;
    return [...tests].sort((a, b) => seconds(b) - seconds(a) || (a.path < b.path ? -1 : 1));
  }
}
