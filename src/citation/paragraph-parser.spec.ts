import { ParagraphParser } from './paragraph-parser.js';
import type { ParserEvent } from './parser-events.js';

function parse(chunks: readonly string[]): ParserEvent[] {
  const events: ParserEvent[] = [];
  const parser = new ParagraphParser((event) => events.push(event));
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return events;
}

const shown = (events: readonly ParserEvent[]) => events.map((e) => (e.type === 'text' ? e.text : '')).join('');
const texts = (events: readonly ParserEvent[]) =>
  events.flatMap((e) => (e.type === 'paragraph' ? [e.paragraph.text] : []));
const outcome = (events: readonly ParserEvent[]) => {
  const last = events.at(-1);
  return last?.type === 'end' ? last.outcome : undefined;
};

const ANSWER = '{"paragraphs":[{"text":"One.","citationIds":["E1"]},{"text":"Two.","citationIds":[]}]}';

describe('ParagraphParser', () => {
  it('tolerates a BOM, leading whitespace and CRLF line ends', () => {
    const events = parse([
      '\uFEFF \r\n{\r\n  "paragraphs": [\r\n {"text": "One.", "citationIds": ["E1"]}\r\n ]\r\n}\r\n',
    ]);
    expect(texts(events)).toEqual(['One.']);
    expect(outcome(events)).toBe('complete');
  });

  it.each([
    ['```json\n', '\n```'],
    ['```JSON\r\n', '\r\n```\r\n'],
    ['```\n', '\n```'],
  ])('tolerates a code fence %j … %j around the JSON', (open, close) => {
    const events = parse([open + ANSWER + close]);
    expect(texts(events)).toEqual(['One.', 'Two.']);
    expect(outcome(events)).toBe('complete');
    expect(shown(events)).toBe('One.\n\nTwo.');
  });

  it('accepts a bare top-level array and paragraphs written as plain strings', () => {
    const events = parse(['[{"text":"One.","citationIds":"E1"}, "Two [E2]."]']);
    expect(texts(events)).toEqual(['One.', 'Two.']);
    const second = events.filter((e) => e.type === 'paragraph')[1];
    expect(second?.type === 'paragraph' && second.paragraph.markerIds).toEqual(['E2']);
    expect(outcome(events)).toBe('complete');
  });

  it('shows the text of a paragraph before its JSON string is closed', () => {
    const events: ParserEvent[] = [];
    const parser = new ParagraphParser((event) => events.push(event));
    parser.write('{"paragraphs":[{"text":"Streaming te');
    expect(shown(events)).toBe('Streaming te');
    parser.write('xt is shown early","citationIds":[]}]}');
    parser.end();
    expect(texts(events)).toEqual(['Streaming text is shown early']);
  });

  it('keeps the text of a paragraph with a raw line break, which is not valid JSON', () => {
    const events = parse([
      '{"paragraphs":[{"text":"Before.","citationIds":[]},{"text":"line one\nline two","citationIds":["E1"]},',
      '{"text":"After.","citationIds":[]}]}',
    ]);
    expect(texts(events)).toEqual(['Before.']);
    expect(outcome(events)).toBe('invalid_json');
    expect(shown(events)).toBe('Before.\n\nline one\nline two\n\nAfter.');
  });

  it('keeps the text before a raw line break wherever the chunks split it, escapes and wide characters included', () => {
    const output =
      '{"paragraphs":[{"text":"Before.","citationIds":[]},' +
      '{"text": "a \\"quoted\\" café\\u00e9 中文\nline two","citationIds":["E1"]},{"text":"After.","citationIds":[]}]}';
    const whole = shown(parse([output]));
    expect(whole).toBe('Before.\n\na "quoted" caféé 中文\nline two\n\nAfter.');
    for (let at = 1; at < output.length; at++) {
      const events = parse([output.slice(0, at), output.slice(at)]);
      expect({ at, shown: shown(events) }).toEqual({ at, shown: whole });
      expect(outcome(events)).toBe('invalid_json');
    }
  });

  it('shows prose that follows the JSON and reports it, but ignores a closing fence', () => {
    const withProse = parse([ANSWER, '\nHope this helps!']);
    expect(texts(withProse)).toEqual(['One.', 'Two.']);
    expect(outcome(withProse)).toBe('invalid_json');
    expect(shown(withProse)).toBe('One.\n\nTwo.\n\nHope this helps!');
    expect(outcome(parse([ANSWER, '\n``', '`\n']))).toBe('complete');
  });

  it('falls back to plain text from a paragraph that has no text', () => {
    const events = parse([
      '{"paragraphs":[{"text":"One.","citationIds":[]},{"content":"Wrong key.","citationIds":["E1"]},',
      '{"text":"Three.","citationIds":["E2"]}]}',
    ]);
    expect(texts(events)).toEqual(['One.']);
    expect(outcome(events)).toBe('wrong_shape');
    expect(shown(events)).toBe('One.\n\nWrong key.\n\nThree.');
  });

  it('reports an empty output as not JSON', () => {
    const events = parse(['  ']);
    expect(outcome(events)).toBe('not_json');
    expect(shown(events)).toBe('');
  });

  it('keeps a raw surrogate pair whole when a chunk ends between its halves', () => {
    const raw = '{"paragraphs":[{"text":"smile 😀 and 𝄞","citationIds":[]}]}';
    for (let at = 1; at < raw.length; at++) {
      const events = parse([raw.slice(0, at), raw.slice(at)]);
      expect(texts(events)).toEqual(['smile 😀 and 𝄞']);
      expect(shown(events)).toBe('smile 😀 and 𝄞');
    }
  });

  it('salvages what follows a broken JSON string value, without keys or ids', () => {
    const events = parse(['{"paragraphs":[{"text":"A.","citationIds":["E1"]} {"text":"B.","citationIds":["E2"]}]}']);
    expect(texts(events)).toEqual(['A.']);
    expect(outcome(events)).toBe('invalid_json');
    expect(shown(events)).toBe('A.\n\nB.');
  });
});
