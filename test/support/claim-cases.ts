import { ClaimSupportVerifier } from '../../src/citation/support/claim-verifier.js';
import type { SupportVerdict } from '../../src/citation/support/support-verifier.js';

/** One case of the default support check: the paragraph, citing the source alone, gets this verdict and conflict. */
export type ClaimCase = [name: string, source: string, paragraph: string, verdict: SupportVerdict, conflict: string];

/**
 * One test per case: the paragraph's verdict, its citation's, and the kind of conflict the evidence names ('' for
 * none).
 */
export function judgeEach(cases: readonly ClaimCase[], verifier = new ClaimSupportVerifier()): void {
  it.each(cases)('%s', (_name, source, paragraph, verdict, conflict) => {
    const support = verifier.check(paragraph, [{ citationId: 'E1', text: source }]);
    expect(support.verdict).toBe(verdict);
    expect(support.citations[0]!.verdict).toBe(verdict);
    expect(support.citations[0]!.evidence?.conflict?.kind ?? '').toBe(conflict);
  });
}

/**
 * Cases the check still gets wrong, kept where they show the cost of a rule that was worth it on the labelled pairs.
 * Each test passes while the case is misjudged and fails once the check judges it right, so that the case then moves
 * back among those the check must hold.
 */
export function stillMisjudged(cases: readonly ClaimCase[], verifier = new ClaimSupportVerifier()): void {
  it.failing.each(cases)('%s', (_name, source, paragraph, verdict, conflict) => {
    const support = verifier.check(paragraph, [{ citationId: 'E1', text: source }]);
    expect(support.verdict).toBe(verdict);
    expect(support.citations[0]!.evidence?.conflict?.kind ?? '').toBe(conflict);
  });
}
