import { catalogOf } from '../../test/support/fixtures.js';
import { CitationLedger } from './citation-ledger.js';
import { FirstCitationNumbering, RetrievalRankNumbering } from './numbering.js';

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

  it('reports the answer mode and the error flag from the outcome', () => {
    const ledger = new CitationLedger(catalog, new FirstCitationNumbering());
    expect(ledger.summary('not_json', 'plain')).toMatchObject({ citationMode: 'answer', hasCitationError: true });
  });
});
