import fc from 'fast-check';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { AnswerFrameMapper } from '../src/answer/answer-frames.js';
import type { AnswerEvent } from '../src/answer/answer-events.js';
import { legacyText, serializeFrames, type SseFrame } from '../src/platform/sse/sse-frames.js';
import { parseWithFetchEventSource, stockAnswerText } from './support/stock-client.js';
import { ModelUpstreamError } from '../src/model/model-errors.js';

/**
 * For any strings in any event (answer text, reasoning, paragraph and ref payloads, error text), every parser
 * reassembles exactly the events the mapper made: same names, same ids, same data (line ends read as LF,
 * which is all SSE can carry), and the stock client's answer text is the answer text sent.
 */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.stringMatching(/^[\r\n a-z:\-_[\]{}"]{0,40}$/),
  fc.constantFrom('-_wrap_-', '\r', '\n', '\r\n', 'event:[DONE]', 'data:x', 'id:9', ' lead', ''),
);
const answerEvent: fc.Arbitrary<AnswerEvent> = fc.oneof(
  anyText.map((text) => ({ type: 'text' as const, text })),
  anyText.map((text) => ({ type: 'thinking' as const, text })),
  anyText.map((text) => ({
    type: 'paragraph' as const,
    paragraph: { paragraphIndex: 0, text, citationIds: [], citationNumbers: [] },
  })),
);

function parseWithEventsourceParser(raw: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  // Fed in two pieces, as a network would.
  const cut = Math.floor(raw.length / 2);
  parser.feed(raw.slice(0, cut));
  parser.feed(raw.slice(cut));
  return events;
}

const expected = (frames: readonly SseFrame[]) =>
  frames.map((frame) => ({ event: frame.event ?? '', id: String(frame.id), data: legacyText(frame.data) }));

/**
 * fetch-event-source joins data lines with `data ? data + '\n' + line : line`, so it drops the empty lines
 * before the first non-empty one; nothing else differs.
 */
const expectedByFetchEventSource = (frames: readonly SseFrame[]) =>
  expected(frames).map((event) => ({ ...event, data: event.data.replace(/^\n+/, '') }));

describe('SSE framing of answer events, for any strings', () => {
  it('every parser reads back exactly the events sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answerEvent, { maxLength: 12 }), anyText, async (events, errorMessage) => {
        const mapper = new AnswerFrameMapper({ profile: 'chat', citationEvents: true });
        const frames = [...mapper.start(), ...events.flatMap((event) => mapper.event(event))];
        frames.push(...mapper.error(new ModelUpstreamError(errorMessage)));
        const raw = serializeFrames(frames);

        const byParser = parseWithEventsourceParser(raw).map((event) => ({
          event: event.event ?? '',
          id: event.id ?? '',
          data: event.data,
        }));
        expect(byParser).toEqual(expected(frames));
        const byFetchEventSource = (await parseWithFetchEventSource(raw)).map(({ event, id, data }) => ({
          event,
          id,
          data,
        }));
        expect(byFetchEventSource).toEqual(expectedByFetchEventSource(frames));

        const sentText = legacyText(events.map((event) => (event.type === 'text' ? event.text : '')).join(''));
        const unnamed = byParser.filter((event) => event.event === '').map((event) => ({ data: event.data }));
        expect(stockAnswerText(unnamed)).toBe(sentText);
      }),
      { numRuns: 300 },
    );
  });
});
