import type { CitationParagraph } from '../citation/citation-events.js';
import { SentParagraphs } from './sent-paragraphs.js';

const PARAGRAPHS: CitationParagraph[] = [
  { paragraphIndex: 0, text: 'Uncited.', citationIds: [], citationNumbers: [] },
  { paragraphIndex: 1, text: 'Two sources.', citationIds: ['E1', 'G2'], citationNumbers: [1, 2] },
  {
    paragraphIndex: 2,
    text: 'Checked, one quote.',
    citationIds: ['E2', 'E1'],
    citationNumbers: [3, 1],
    support: [
      {
        citationId: 'E2',
        score: 0.8125,
        verdict: 'verified',
        evidence: { spans: [{ start: 0, end: 20 }] },
        quote: { text: 'the words', start: 4, end: 13 },
      },
      { citationId: 'E1', score: 0.1, verdict: 'unverified' },
    ],
    verdict: 'verified',
    supported: true,
    inferred: false,
  },
  {
    paragraphIndex: 3,
    text: 'Checked, contradicted.',
    citationIds: ['E4'],
    citationNumbers: [5],
    support: [
      {
        citationId: 'E4',
        score: 0.9,
        verdict: 'contradicted',
        evidence: { spans: [{ start: 3, end: 40 }], conflict: { kind: 'number', claim: '45', source: '30' } },
      },
    ],
    verdict: 'contradicted',
    supported: false,
    inferred: false,
  },
  {
    paragraphIndex: 4,
    text: 'Attributed by the server.',
    citationIds: ['E3'],
    citationNumbers: [4],
    support: [{ citationId: 'E3', score: 0.5, verdict: 'verified' }],
    verdict: 'unverified',
    supported: false,
    inferred: true,
  },
  {
    paragraphIndex: 5,
    text: 'Checked, nothing kept.',
    citationIds: [],
    citationNumbers: [],
    support: [],
    verdict: 'unverified',
    supported: false,
    inferred: false,
  },
];

describe('SentParagraphs', () => {
  const sent = new SentParagraphs(true);
  PARAGRAPHS.forEach((paragraph, i) => sent.add(paragraph, 10 * (i + 1)));

  it('gives back every paragraph as it was sent, with its verdicts, evidence and quotes', () => {
    const back = sent.upTo(Infinity);
    expect(back).toEqual(PARAGRAPHS);
    // The same fields in the same order: the stored JSON is the same as the event's.
    expect(back.map((p) => JSON.stringify(p))).toEqual(PARAGRAPHS.map((p) => JSON.stringify(p)));
    expect(back[1]!.text).toBe(PARAGRAPHS[1]!.text);
  });

  it('gives only the paragraphs sent after frames up to the last one shown', () => {
    expect(sent.upTo(0)).toEqual([]);
    expect(sent.upTo(29)).toEqual(PARAGRAPHS.slice(0, 2));
    expect(sent.upTo(30)).toEqual(PARAGRAPHS.slice(0, 3));
  });

  it('counts the paragraphs shown, the uncited ones among them and the last index, with or without content', () => {
    const light = new SentParagraphs(false);
    PARAGRAPHS.forEach((paragraph, i) => light.add(paragraph, 10 * (i + 1)));
    for (const kept of [sent, light]) {
      expect(kept.cut(0)).toEqual({ count: 0, uncited: 0, lastIndex: -1 });
      expect(kept.cut(29)).toEqual({ count: 2, uncited: 1, lastIndex: 1 });
      // The inferred paragraph cites what the server found; the checked one with nothing kept is uncited.
      expect(kept.cut(Infinity)).toEqual({ count: 6, uncited: 2, lastIndex: 5 });
    }
    expect(() => light.upTo(Infinity)).toThrow(/stored as they are sent/);
  });

  it('folds the paragraphs surely shown into counts, and cuts every later stall as before', () => {
    const all = new SentParagraphs(false);
    const settling = new SentParagraphs(false);
    PARAGRAPHS.forEach((paragraph, i) => {
      all.add(paragraph, 10 * (i + 1));
      // Before each paragraph, the frames up to the one before the previous paragraph are known received.
      settling.settle(10 * i - 1);
      settling.add(paragraph, 10 * (i + 1));
    });
    // A stall can only cut after what was known received: at frame 49 or later.
    for (const lastId of [49, 50, 59, 60, Infinity]) expect(settling.cut(lastId)).toEqual(all.cut(lastId));
    expect(settling.cut(49)).toEqual({ count: 4, uncited: 1, lastIndex: 3 });
  });

  it('keeps every paragraph when it keeps their content', () => {
    const kept = new SentParagraphs(true);
    PARAGRAPHS.forEach((paragraph, i) => kept.add(paragraph, 10 * (i + 1)));
    kept.settle(Infinity);
    expect(kept.upTo(Infinity)).toEqual(PARAGRAPHS);
  });
});
