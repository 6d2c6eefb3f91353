import { catalogOf } from '../../test/support/fixtures.js';
import { CitationLedger } from './citation-ledger.js';
import { FirstCitationNumbering, RetrievalRankNumbering } from './numbering.js';
import { ClaimSupportVerifier } from './support/claim-verifier.js';
import type { SupportVerifier } from './support/support-verifier.js';

const catalog = catalogOf(['E1', 'E2', 'E3', 'G1']);

describe('CitationLedger', () => {
  it('numbers sources at first citation and sends each ref once, before its first paragraph', () => {
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering());
    const first = ledger.accept({ text: 'a', citationIds: ['E2', 'G1'], markerIds: [] });
    const second = ledger.accept({ text: 'b', citationIds: ['G1', 'E1'], markerIds: [] });
    expect(first.map((e) => e.type)).toEqual(['ref', 'ref', 'paragraph']);
    expect(second.map((e) => e.type)).toEqual(['ref', 'paragraph']);
    const paragraphs = [...first, ...second].flatMap((e) => (e.type === 'paragraph' ? [e.paragraph] : []));
    expect(paragraphs.map((p) => p.citationNumbers)).toEqual([
      [1, 2],
      [2, 3],
    ]);
    expect(ledger.summary('complete', 'a\n\nb').refCount).toBe(3);
  });

  it('keeps offered ids once, in order, adds marker ids, and counts what it drops', () => {
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering());
    const events = ledger.accept({
      text: 'a',
      citationIds: ['E3', 'E9', 'E3', undefined],
      markerIds: ['E3', 'E1', 'G7'],
    });
    const paragraph = events.at(-1);
    expect(paragraph?.type === 'paragraph' && paragraph.paragraph.citationIds).toEqual(['E3', 'E1']);
    // E9 unknown, E3 repeated, one entry naming nothing, G7 unknown: the marker repeating E3 is not an error.
    expect(ledger.summary('complete', 'a').droppedCitationCount).toBe(4);
  });

  it('skips blank paragraphs without a gap in paragraphIndex and counts uncited ones', () => {
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering());
    ledger.accept({ text: 'a', citationIds: [], markerIds: [] });
    expect(ledger.accept({ text: '  ', citationIds: ['E1'], markerIds: [] })).toEqual([]);
    const events = ledger.accept({ text: 'c', citationIds: ['E1'], markerIds: [] });
    expect(events.at(-1)).toMatchObject({ type: 'paragraph', paragraph: { paragraphIndex: 1 } });
    expect(ledger.summary('complete', 'a\n\nc')).toMatchObject({ paragraphCount: 2, uncitedParagraphCount: 1 });
  });

  it('with retrieval-rank numbering, numbers follow the catalog and may have gaps', () => {
    const ledger = new CitationLedger(catalog, new RetrievalRankNumbering(catalog));
    const events = [
      ...ledger.accept({ text: 'a', citationIds: ['G1'], markerIds: [] }),
      ...ledger.accept({ text: 'b', citationIds: ['E2', 'G1'], markerIds: [] }),
    ];
    expect(events.flatMap((e) => (e.type === 'paragraph' ? [e.paragraph.citationNumbers] : []))).toEqual([[4], [2, 4]]);
    expect(events.flatMap((e) => (e.type === 'ref' ? [e.ref.citationId] : []))).toEqual(['G1', 'E2']);
  });

  it('leaves a paragraph unverified, and goes on, when the support check throws on it', () => {
    const verifier: SupportVerifier = {
      check: (text) => {
        if (text.includes('unreadable')) throw new Error('cannot read this sentence');
        return new ClaimSupportVerifier().check(text, [{ citationId: 'E1', text: 'Entry costs £5.' }]);
      },
    };
    const failures: number[] = [];
    const onFailure = ({ paragraphLength }: { paragraphLength: number }) => void failures.push(paragraphLength);
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering(), { policy: 'drop', verifier, onFailure });
    const failed = ledger.accept({ text: 'an unreadable sentence', citationIds: ['E1', 'E2'], markerIds: [] });
    expect(failures).toEqual(['an unreadable sentence'.length]);
    expect(failed.at(-1)).toMatchObject({
      type: 'paragraph',
      paragraph: { citationIds: ['E1', 'E2'], verdict: 'unverified' },
    });
    const next = ledger.accept({ text: 'Entry costs £9.', citationIds: ['E1'], markerIds: [] });
    // The next paragraph is judged as usual: the drop policy takes out its contradicted citation.
    expect(next.at(-1)).toMatchObject({ type: 'paragraph', paragraph: { citationIds: [], verdict: 'unverified' } });
    expect(ledger.acceptInferred('another unreadable sentence')).toMatchObject([
      { type: 'paragraph', paragraph: { citationIds: [], inferred: true } },
    ]);
  });

  it('reports the answer mode and the error flag from the outcome', () => {
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering());
    expect(ledger.summary('not_json', 'plain')).toMatchObject({ citationMode: 'answer', hasCitationError: true });
  });
});
