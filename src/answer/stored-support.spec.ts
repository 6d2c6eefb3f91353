import { storedSupport, storedVerdict, type StoredCitation } from './stored-support.js';

const citation = (citationId: string, supportVerdict: string | null, extra: Partial<StoredCitation> = {}) => ({
  paragraphIndex: 0,
  citationId,
  supportScore: 0.5,
  supportVerdict,
  supportEvidence: null,
  quoteText: null,
  quoteStart: null,
  quoteEnd: null,
  ...extra,
});

describe('stored support', () => {
  it('reads the older two verdicts as the check says them now: supported is verified, unsupported unverified', () => {
    expect(['supported', 'unsupported', 'verified', 'unverified', 'contradicted', null].map(storedVerdict)).toEqual([
      'verified',
      'unverified',
      'verified',
      'unverified',
      'contradicted',
      'unverified',
    ]);
  });

  it('rebuilds a paragraph stored before there were three verdicts from is_supported', () => {
    const old = { paragraphIndex: 0, supportVerdict: null, isInferred: false };
    const rows = [citation('E1', 'supported'), citation('E2', 'unsupported')];
    expect(storedSupport({ ...old, isSupported: true }, ['E1', 'E2'], rows)).toEqual({
      support: [
        { citationId: 'E1', score: 0.5, verdict: 'verified' },
        { citationId: 'E2', score: 0.5, verdict: 'unverified' },
      ],
      verdict: 'verified',
      supported: true,
      inferred: false,
    });
    expect(storedSupport({ ...old, isSupported: false }, ['E1'], rows)).toMatchObject({
      verdict: 'unverified',
      supported: false,
    });
  });

  it('gives back the verdict, evidence and quote as sent', () => {
    const evidence = {
      spans: [{ start: 2, end: 9 }],
      conflict: { kind: 'number' as const, claim: '45', source: '30' },
    };
    const rows = [
      citation('E1', 'contradicted', { supportEvidence: evidence, quoteText: 'q', quoteStart: 1, quoteEnd: 2 }),
    ];
    const paragraph = { paragraphIndex: 0, supportVerdict: 'contradicted', isSupported: false, isInferred: false };
    expect(storedSupport(paragraph, ['E1'], rows)).toEqual({
      support: [
        { citationId: 'E1', score: 0.5, verdict: 'contradicted', evidence, quote: { text: 'q', start: 1, end: 2 } },
      ],
      verdict: 'contradicted',
      supported: false,
      inferred: false,
    });
  });

  it('says nothing of support when checks were off', () => {
    const paragraph = { paragraphIndex: 0, supportVerdict: null, isSupported: null, isInferred: false };
    expect(storedSupport(paragraph, ['E1'], [citation('E1', null)])).toEqual({});
  });
});
