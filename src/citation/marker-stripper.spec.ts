import { isWhitespace, MarkerStripper, stripMarkers } from './marker-stripper.js';

function streamed(pieces: readonly string[]): { shown: string[]; text: string; markerIds: (string | undefined)[] } {
  const stripper = new MarkerStripper();
  const shown = pieces.map((piece) => stripper.write(piece));
  shown.push(stripper.end());
  return { shown, text: shown.join(''), markerIds: stripper.markerIds };
}

describe('stripMarkers', () => {
  it.each([
    [
      'RAG retrieves chunks first [E1]. Then it answers【E2】.',
      'RAG retrieves chunks first. Then it answers.',
      ['E1', 'E2'],
    ],
    ['Numbers never change (source G1).', 'Numbers never change.', ['G1']],
    ['Two at once [E1, G2] here.', 'Two at once here.', ['E1', 'G2']],
    ['Chinese separators【E1、E2】。', 'Chinese separators。', ['E1', 'E2']],
    ['Full-width parentheses（来源：E3）。', 'Full-width parentheses。', ['E3']],
    ['Footnote style[^E4] and lowercase [e2].', 'Footnote style and lowercase.', ['E4', 'E2']],
    ['[E1] A marker at the start.', 'A marker at the start.', ['E1']],
    ['Spaces before a marker go with it   [G1]', 'Spaces before a marker go with it', ['G1']],
    ['  padded paragraph  ', 'padded paragraph', []],
  ])('%j becomes %j', (input, text, ids) => {
    expect(stripMarkers(input)).toEqual({ text, markerIds: ids });
  });

  it.each([
    'An array index a[1] stays.',
    'A reference to section (E) stays.',
    'Brackets [like these] stay.',
    'A vitamin E12345 mention stays.',
    'An unclosed [E1 marker stays',
    'Math (x + y) stays.',
  ])('leaves ordinary text alone: %j', (input) => {
    expect(stripMarkers(input)).toEqual({ text: input, markerIds: [] });
  });

  it('does not take a bracket longer than a marker can be for one', () => {
    const long = `[E1${', E2'.repeat(30)}]`;
    expect(stripMarkers(`x ${long}`).text).toBe(`x ${long}`);
  });
});

describe('MarkerStripper while streaming', () => {
  it('holds back only a tail that could still be a marker', () => {
    const { shown, text } = streamed(['Chunks first ', '[', 'E', '1', ']', '. Then', ' more']);
    expect(shown).toEqual(['Chunks first', '', '', '', '', '. Then', ' more', '']);
    expect(text).toBe('Chunks first. Then more');
  });

  it('releases a held bracket as soon as it cannot be a marker', () => {
    const { shown } = streamed(['See [', 'the docs] now']);
    expect(shown).toEqual(['See', ' [the docs] now', '']);
  });

  it('holds a label that is being written: (sou…', () => {
    const { shown, text, markerIds } = streamed(['Claim (sou', 'rce E2) done']);
    expect(shown).toEqual(['Claim', ' done', '']);
    expect(text).toBe('Claim done');
    expect(markerIds).toEqual(['E2']);
  });

  it('releases an unfinished marker when the paragraph ends', () => {
    expect(streamed(['cut off [E', '1']).text).toBe('cut off [E1');
  });

  it('gives the same text however the input is split', () => {
    const input = '  Alpha [E1] beta【G2】 gamma (source E3), delta [x] (E4 [E5  ';
    const whole = stripMarkers(input);
    for (let at = 0; at <= input.length; at++) {
      expect(streamed([input.slice(0, at), input.slice(at)])).toMatchObject(whole);
    }
    expect(streamed([...input])).toMatchObject(whole);
  });
});

describe('isWhitespace', () => {
  it('agrees with \\s on every character of the basic plane', () => {
    const disagreements: number[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (isWhitespace(code) !== /\s/.test(String.fromCharCode(code))) disagreements.push(code);
    }
    expect(disagreements).toEqual([]);
  });
});
