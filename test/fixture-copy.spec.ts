import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FIXTURE_PATH, loadModelOutputs } from './support/fixtures.js';

/**
 * The model-output fixtures are maintained as a set of their own, outside the repository, and copied here so
 * that a plain clone runs every case. Where that set sits beside the clone (`../shared/fixtures`), the copy must
 * match it byte for byte; run `cp ../shared/fixtures/model-outputs.json test/fixtures/` to bring it in step.
 */
const SHARED_COPY = fileURLToPath(new URL('../../../shared/fixtures/model-outputs.json', FIXTURE_PATH));

describe('model-output fixtures', () => {
  it('are complete: offered ids, and cases that each say what must hold', () => {
    const fixtures = loadModelOutputs();
    expect(fixtures.offered.length).toBeGreaterThan(0);
    expect(fixtures.cases.length).toBeGreaterThanOrEqual(13);
    for (const fixture of fixtures.cases) expect(Object.keys(fixture.expect).length).toBeGreaterThan(0);
  });

  it('match the set they are copied from, when it is present', () => {
    const local = readFileSync(FIXTURE_PATH, 'utf8');
    const shared = existsSync(SHARED_COPY) ? readFileSync(SHARED_COPY, 'utf8') : local;
    expect(local).toBe(shared);
  });
});
