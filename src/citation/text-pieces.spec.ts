import { TextPieces } from './text-pieces.js';

describe('TextPieces', () => {
  it('reads back every piece in order, whether the text ends on a joined run or inside one', () => {
    for (const count of [0, 1, 15, 16, 17, 32, 100]) {
      const pieces = new TextPieces();
      const expected = Array.from({ length: count }, (_, i) => `p${i} `);
      expected.forEach((piece) => pieces.push(piece));
      expect(pieces.text()).toBe(expected.join(''));
      expect(pieces.isEmpty).toBe(count === 0);
    }
  });

  it('starts over when cleared', () => {
    const pieces = new TextPieces();
    for (let i = 0; i < 20; i++) pieces.push('old ');
    pieces.clear();
    expect(pieces.isEmpty).toBe(true);
    pieces.push('new');
    expect(pieces.text()).toBe('new');
  });
});
