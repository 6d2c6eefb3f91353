import { ClaimSupportVerifier } from './claim-verifier.js';
import type { SupportVerdict } from './support-verifier.js';

const verifier = new ClaimSupportVerifier();
const judged = (source: string, paragraph: string) => {
  const support = verifier.check(paragraph, [{ citationId: 'E1', text: source }]);
  return { verdict: support.verdict, conflict: support.citations[0]?.evidence?.conflict };
};

const SPORTS = 'Neither plan pays for injuries from kitesurfing or paragliding. Skiing is included in Plus.';
const PHONES = 'The Vega 2 and Vega 2 Max share the same screen, but only the Max supports wireless charging.';

const cases: [name: string, source: string, paragraph: string, verdict: SupportVerdict, conflict: string][] = [
  [
    'an opposite said as the state, before a phrase that places it, denies as the source does',
    SPORTS,
    'Kitesurfing and paragliding are excluded on both plans.',
    'unverified',
    '',
  ],
  ['the denial removed', SPORTS, 'Kitesurfing injuries are paid for on both plans.', 'contradicted', 'negation'],
  [
    'a clause of names only ("The Vega 2 and …") holds nothing a denial could turn; "only the Max" says the rest lack it',
    PHONES,
    "You won't be able to charge the Vega 2 on a wireless pad.",
    'unverified',
    '',
  ],
  [
    'the property denied of the one thing that has it',
    PHONES,
    'The Max does not support wireless charging.',
    'contradicted',
    'negation',
  ],
];

describe('ClaimSupportVerifier on denials said in other words', () => {
  it.each(cases)('%s', (_name, source, paragraph, verdict, conflict) => {
    const result = judged(source, paragraph);
    expect(result.verdict).toBe(verdict);
    expect(result.conflict?.kind ?? '').toBe(conflict);
  });
});
