import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LegacyTextFramer, legacyText, sseComment, sseEvent, WRAP } from './sse-frames.js';

function parse(raw: string): EventSourceMessage[] {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  parser.feed(raw);
  return events;
}

function rebuild(raw: string): string {
  return parse(raw)
    .map((event) => (event.data === WRAP ? '\n' : event.data))
    .join('');
}

describe('SSE frames', () => {
  it('writes a named event with one data line per line of the payload', () => {
    expect(sseEvent('[THINKING]', 'one\ntwo')).toBe('event:[THINKING]\ndata:one\ndata:two\n\n');
    expect(parse(sseEvent('[THINKING]', 'one\ntwo'))).toEqual([
      { event: '[THINKING]', data: 'one\ntwo', id: undefined },
    ]);
  });

  it('keeps a leading space that a client would otherwise strip', () => {
    expect(sseEvent(undefined, ' spaced')).toBe('data:  spaced\n\n');
    expect(parse(sseEvent(undefined, ' spaced'))[0]!.data).toBe(' spaced');
  });

  it('writes heartbeats as comment lines with no blank line', () => {
    expect(sseComment('heartbeat')).toBe(':heartbeat\n');
    expect(parse(sseComment('heartbeat') + sseEvent('[START]', ''))).toHaveLength(1);
  });
});

describe('LegacyTextFramer', () => {
  it('splits text on line breaks with -_wrap_- events between the segments', () => {
    const framer = new LegacyTextFramer();
    expect(framer.frame('a\nb')).toBe(`data:a\n\ndata:${WRAP}\n\ndata:b\n\n`);
    expect(framer.frame('\n\nc')).toBe(`data:\n\ndata:${WRAP}\n\ndata:\n\ndata:${WRAP}\n\ndata:c\n\n`);
  });

  it('rebuilds any text, split anywhere, with CRLF and CR read as one line break', () => {
    const text = 'first line\r\nsecond\rthird\n\n fourth with a leading space\r';
    for (let at = 0; at <= text.length; at++) {
      const framer = new LegacyTextFramer();
      const raw = framer.frame(text.slice(0, at)) + framer.frame(text.slice(at)) + framer.flush();
      expect(rebuild(raw)).toBe(legacyText(text));
    }
  });
});
