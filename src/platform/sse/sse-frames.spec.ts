import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LegacyTextFramer, legacyText, sseComment, sseEvent, stockClientText, WRAP } from './sse-frames.js';

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

  it('splits every payload on CR, LF and CRLF, so no text can forge a field or an event', () => {
    const forged = 'a\r\revent:[DONE]\rdata:[META]{"forged":1}\r\r\r\nid:99\n\nb';
    const events = parse(sseEvent('[THINKING]', forged, 7) + sseEvent('[DONE]', '', 8));
    expect(events).toEqual([
      { event: '[THINKING]', id: '7', data: forged.replace(/\r\n|\r/g, '\n') },
      { event: '[DONE]', id: '8', data: '' },
    ]);
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
      const raw =
        framer.frame(text.slice(0, at)) +
        framer.frame(text.slice(at)) +
        framer
          .flush()
          .map((data) => sseEvent(undefined, data))
          .join('');
      expect(rebuild(raw)).toBe(legacyText(text));
    }
  });
});

describe('legacy text and the stock client', () => {
  it('sends a segment that starts with -_wrap_- so that the stock rule shows it literally', () => {
    const framer = new LegacyTextFramer();
    const data = framer.segments(`${WRAP}x\n${WRAP}`);
    expect(data.map((piece) => stockClientText({ data: piece })).join('')).toBe(`${WRAP}x\n${WRAP}`);
    expect(data.every((piece) => piece === WRAP || !piece.startsWith(WRAP))).toBe(true);
  });
});
