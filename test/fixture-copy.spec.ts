import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIXTURE_PATH, loadModelOutputs } from './support/fixtures.js';

/**
 * The model-output fixtures are a copy of the team's shared set, kept in the repository so that a plain clone
 * runs every case. Where the shared set sits beside the clone (as it does on the team's machines), the copy
 * must match it byte for byte; run `cp ../shared/fixtures/model-outputs.json test/fixtures/` to bring it in step.
 */
const SHARED_COPY = fileURLToPath(new URL('../../../shared/fixtures/model-outputs.json', FIXTURE_PATH));

describe('model-output fixtures', () => {
  it('are complete: offered ids, and cases that each say what must hold', () => {
    const fixtures = loadModelOutputs();
    expect(fixtures.offered.length).toBeGreaterThan(0);
    expect(fixtures.cases.length).toBeGreaterThanOrEqual(13);
    for (const fixture of fixtures.cases) expect(Object.keys(fixture.expect).length).toBeGreaterThan(0);
  });

  it('match the shared set when it is present', () => {
    const local = readFileSync(FIXTURE_PATH, 'utf8');
    const shared = existsSync(SHARED_COPY) ? readFileSync(SHARED_COPY, 'utf8') : local;
    expect(local).toBe(shared);
  });
});
