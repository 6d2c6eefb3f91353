import fc from 'fast-check';
import { throwError, concat, from, lastValueFrom, toArray, materialize } from 'rxjs';
import { paragraphsAnswerSchema, stripMarkers, type CitationStreamEvent } from '../src/citation/index.js';
import { catalogOf } from './support/fixtures.js';
import { answerEvents } from '../src/answer/answer-events.js';
import type { ModelDelta } from '../src/model/model-provider.js';
import { safeText } from '../src/text/safe-text.js';
import { runPipeline, shownText, withoutText } from './support/run-pipeline.js';

/**
 * For any valid answer (any Unicode text, any ids, compact or pretty-printed) and any chunking: the events
 * equal those of the whole input, each paragraph's streamed text joins to its final text, and display
 * numbers are 1, 2, 3 … in order of first citation and never change.
 */
const offered = ['E1', 'E2', 'E3', 'G1', 'G2'];
const catalog = catalogOf(offered);

const citationId = fc.oneof(fc.constantFrom(...offered), fc.constantFrom('E9', 'G7', 'e2', '[E3]', 'x'));
const paragraph = fc.record({
  text: fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 60 })),
  citationIds: fc.array(citationId, { maxLength: 4 }),
});
const answer = fc.record({ paragraphs: fc.array(paragraph, { maxLength: 6 }) });
const rendering = fc.constantFrom<(value: unknown) => string>(
  (value) => JSON.stringify(value),
  (value) => JSON.stringify(value, null, 2),
  (value) =>
    JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
);

/** Cuts a string at the given fractions of its length (which may fall inside escapes or surrogate pairs). */
function cut(raw: string, fractions: readonly number[]): string[] {
  const points = [...new Set(fractions.map((f) => Math.floor(f * raw.length)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of [...points, raw.length]) {
    if (point > from) chunks.push(raw.slice(from, point));
    from = Math.max(from, point);
  }
  return chunks;
}

/** The text shown for each paragraph: what was streamed since the previous paragraph event. */
function streamedPerParagraph(events: readonly CitationStreamEvent[]): string[] {
  const perParagraph: string[] = [];
  let current = '';
  for (const event of events) {
    if (event.type === 'text') current += event.text;
    if (event.type === 'paragraph') {
      perParagraph.push(perParagraph.length === 0 ? current : current.replace(/^\n\n/, ''));
      current = '';
    }
  }
  return perParagraph;
}

describe('citation pipeline properties', () => {
  it('any chunking of a valid answer gives the events of the whole input', async () => {
    await fc.assert(
      fc.asyncProperty(
        answer,
        rendering,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        async (value, render, fractions) => {
          expect(paragraphsAnswerSchema.safeParse(value).success).toBe(true);
          const raw = render(value);
          const whole = await runPipeline([raw], catalog);
          const chunked = await runPipeline(cut(raw, fractions), catalog);
          expect(withoutText(chunked)).toEqual(withoutText(whole));
          expect(shownText(chunked)).toBe(shownText(whole));

          const paragraphs = chunked.flatMap((e) => (e.type === 'paragraph' ? [e.paragraph] : []));
          expect(streamedPerParagraph(chunked)).toEqual(paragraphs.map((p) => p.text));
          const expectedTexts = value.paragraphs
            .map((p) => safeText(stripMarkers(p.text).text))
            .filter((text) => text.length > 0);
          expect(paragraphs.map((p) => p.text)).toEqual(expectedTexts);

          const done = chunked.at(-1);
          expect(done?.type === 'done' && done.summary.hasCitationError).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('display numbers are given at first citation, without gaps, and never change', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async (value) => {
        const events = await runPipeline([JSON.stringify(value)], catalog);
        const numbers = new Map<string, number>();
        for (const event of events) {
          if (event.type === 'ref') {
            expect(event.ref.displayNumber).toBe(numbers.size + 1);
            numbers.set(event.ref.citationId, event.ref.displayNumber);
          }
          if (event.type === 'paragraph') {
            event.paragraph.citationIds.forEach((id, i) =>
              expect(event.paragraph.citationNumbers[i]).toBe(numbers.get(id)),
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('citation pipeline when the model stream fails', () => {
  it('shows the text it held back, reports a truncated answer, then passes the error on', async () => {
    const failure = new Error('upstream closed the connection');
    const source = concat(
      from<ModelDelta[]>([{ type: 'content', text: '{"paragraphs":[{"text":"Cut here [E' }]),
      throwError(() => failure),
    );
    const notifications = await lastValueFrom(source.pipe(answerEvents(catalog, {}), materialize(), toArray()));
    const values = notifications.flatMap((n) => (n.kind === 'N' && n.value.type !== 'thinking' ? [n.value] : []));
    expect(shownText(values)).toBe('Cut here [E');
    expect(values.at(-1)).toMatchObject({ type: 'done', summary: { outcome: 'truncated', hasCitationError: true } });
    expect(notifications.at(-1)).toMatchObject({ kind: 'E', error: failure });
  });
});
