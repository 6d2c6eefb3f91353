import type { CitationStreamEvent, CitationSummary } from '../src/citation/index.js';
import { catalogOf, loadModelOutputs, type FixtureExpectations, type ModelOutputCase } from './support/fixtures.js';
import { byteByByte, chunkBy, runPipeline, shownText, withoutText } from './support/run-pipeline.js';

/**
 * Every case of the model-output fixtures, fed whole, split in two at every offset, byte by byte, and in
 * uneven chunks: each way must give the same paragraphs, refs and summary, and must hold what the case expects.
 */
const fixtures = loadModelOutputs();
const catalog = catalogOf(fixtures.offered);

function paragraphsOf(events: readonly CitationStreamEvent[]) {
  return events.flatMap((event) => (event.type === 'paragraph' ? [event.paragraph] : []));
}

function summaryOf(events: readonly CitationStreamEvent[]): CitationSummary {
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('the last event must be the summary');
  return done.summary;
}

function checkExpectations(events: readonly CitationStreamEvent[], expected: FixtureExpectations): void {
  const paragraphs = paragraphsOf(events);
  const summary = summaryOf(events);
  const plain = paragraphs.map(({ text, citationIds }) => ({ text, citationIds }));
  if (expected.paragraphs) expect(plain).toEqual(expected.paragraphs);
  if (expected.paragraphsPrefix)
    expect(plain.slice(0, expected.paragraphsPrefix.length)).toEqual(expected.paragraphsPrefix);
  const numbers = paragraphs.map((paragraph) => paragraph.citationNumbers);
  if (expected.numbers) expect(numbers).toEqual(expected.numbers);
  if (expected.numbersPrefix) expect(numbers.slice(0, expected.numbersPrefix.length)).toEqual(expected.numbersPrefix);
  if (expected.hasCitationError !== undefined) expect(summary.hasCitationError).toBe(expected.hasCitationError);
  if (expected.citationMode) expect(summary.citationMode).toBe(expected.citationMode);
  if (expected.droppedCitationCount !== undefined) {
    expect(summary.droppedCitationCount).toBe(expected.droppedCitationCount);
  }
  if (expected.uncitedParagraphCount !== undefined) {
    expect(summary.uncitedParagraphCount).toBe(expected.uncitedParagraphCount);
  }
  if (expected.paragraphCount !== undefined) expect(summary.paragraphCount).toBe(expected.paragraphCount);
  if (expected.paragraphCountMax !== undefined) {
    expect(summary.paragraphCount).toBeLessThanOrEqual(expected.paragraphCountMax);
  }
  if (expected.refCount !== undefined) expect(summary.refCount).toBe(expected.refCount);
  if (expected.answerText !== undefined) expect(summary.answerText).toBe(expected.answerText);
  for (const part of expected.answerTextIncludes ?? []) expect(summary.answerText).toContain(part);
}

/** What must hold for any output and any chunking, whatever the case expects. */
function checkInvariants(events: readonly CitationStreamEvent[]): void {
  const summary = summaryOf(events);
  const paragraphs = paragraphsOf(events);
  expect(summary.answerText).toBe(shownText(events));
  expect(paragraphs.map((paragraph) => paragraph.paragraphIndex)).toEqual(paragraphs.map((_, index) => index));
  expect(summary.paragraphCount).toBe(paragraphs.length);
  expect(summary.citationMode).toBe(paragraphs.length > 0 ? 'paragraph' : 'answer');
  if (!summary.hasCitationError) {
    expect(summary.answerText).toBe(paragraphs.map((paragraph) => paragraph.text).join('\n\n'));
  }
  // Every paragraph's text was shown before its event, in order.
  let shownSoFar = '';
  let searchFrom = 0;
  for (const event of events) {
    if (event.type === 'text') shownSoFar += event.text;
    if (event.type === 'paragraph') {
      const at = shownSoFar.indexOf(event.paragraph.text, searchFrom);
      expect(at).toBeGreaterThanOrEqual(0);
      searchFrom = at + event.paragraph.text.length;
    }
  }
  // A ref comes once, right before the first paragraph that cites it, and its number never changes.
  const refNumbers = new Map<string, number>();
  events.forEach((event, index) => {
    if (event.type === 'ref') {
      expect(refNumbers.has(event.ref.citationId)).toBe(false);
      refNumbers.set(event.ref.citationId, event.ref.displayNumber);
      const next = events.slice(index + 1).find((later) => later.type !== 'ref');
      expect(next?.type).toBe('paragraph');
    }
    if (event.type === 'paragraph') {
      event.paragraph.citationIds.forEach((id, i) => {
        expect(refNumbers.get(id)).toBe(event.paragraph.citationNumbers[i]);
      });
    }
  });
  expect(summary.refCount).toBe(refNumbers.size);
}

describe.each(fixtures.cases.map((fixture) => [fixture.name, fixture] as const))(
  'model output "%s"',
  (_name, fixture: ModelOutputCase) => {
    let whole: CitationStreamEvent[];

    beforeAll(async () => {
      whole = await runPipeline([fixture.raw], catalog);
    });

    it('fed whole, gives what the case expects', () => {
      checkExpectations(whole, fixture.expect);
      checkInvariants(whole);
    });

    it('split in two at every offset, gives the same events', async () => {
      // Compared as JSON text: a deep comparison per offset would dominate the run time of the long case.
      const expected = JSON.stringify(withoutText(whole));
      const expectedText = shownText(whole);
      for (let offset = 1; offset < fixture.raw.length; offset++) {
        const events = await runPipeline([fixture.raw.slice(0, offset), fixture.raw.slice(offset)], catalog);
        expect({ offset, events: JSON.stringify(withoutText(events)) }).toEqual({ offset, events: expected });
        expect({ offset, text: shownText(events) }).toEqual({ offset, text: expectedText });
      }
    });

    it('fed byte by byte, gives the same events', async () => {
      const events = await runPipeline(byteByByte(fixture.raw), catalog);
      expect(withoutText(events)).toEqual(withoutText(whole));
      checkInvariants(events);
      checkExpectations(events, fixture.expect);
    });

    it('fed in uneven chunks of 1 to 16 characters, gives the same events', async () => {
      for (const sizes of [[1], [2, 3], [4, 16, 7], [5, 11, 13, 1]]) {
        const events = await runPipeline(chunkBy(fixture.raw, sizes), catalog);
        expect(withoutText(events)).toEqual(withoutText(whole));
        checkInvariants(events);
      }
    });
  },
);
