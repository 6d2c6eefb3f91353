import { prepareChunks } from './chunk-in-slices.js';
import { chunkText } from './chunker.js';
import { cjkTerms } from '../text/terms.js';

describe('chunkText', () => {
  it('packs whole English sentences up to the size, with the last sentence repeated as overlap', () => {
    const text = 'One two three. Four five six! Seven eight nine? Ten eleven twelve.';
    expect(chunkText(text, { maxChars: 32, overlapChars: 17 })).toEqual([
      'One two three. Four five six!',
      'Four five six! Seven eight nine?',
      // "Seven eight nine?" would fit the overlap, but not together with the next sentence.
      'Ten eleven twelve.',
    ]);
  });

  it('does not end a sentence inside an abbreviation or a number', () => {
    const text = 'Fares are 2.5 euros, e.g. on line 4. Trams run late.';
    expect(chunkText(text, { maxChars: 40, overlapChars: 0 })).toEqual([
      'Fares are 2.5 euros, e.g. on line 4.',
      'Trams run late.',
    ]);
  });

  it('splits Chinese text on 。！？ and joins it without spaces', () => {
    const text = '检索增强生成先找片段。再把片段交给模型！读者能核对吗？能；每段都有引用。';
    const chunks = chunkText(text, { maxChars: 20, overlapChars: 0 });
    expect(chunks).toEqual(['检索增强生成先找片段。再把片段交给模型！', '读者能核对吗？能；每段都有引用。']);
    expect(chunks.join('')).toBe(text);
  });

  it("keeps the document's line breaks: a heading and its paragraphs stay apart", () => {
    const text = '# Guide\n\nThe lamp turns. It is bright.\nKeepers trim it\n\n\n## Harbour\nBoats leave.';
    expect(chunkText(text, { maxChars: 1000, overlapChars: 0 })).toEqual([
      '# Guide\n\nThe lamp turns. It is bright.\nKeepers trim it\n\n## Harbour\nBoats leave.',
    ]);
    expect(chunkText(text, { maxChars: 40, overlapChars: 0 })).toEqual([
      '# Guide\n\nThe lamp turns. It is bright.',
      'Keepers trim it\n\n## Harbour\nBoats leave.',
    ]);
  });

  it('cuts a sentence longer than a chunk at a space', () => {
    const chunks = chunkText('a '.repeat(40).trim(), { maxChars: 20, overlapChars: 0 });
    expect(chunks.every((chunk) => chunk.length <= 20)).toBe(true);
    expect(chunks.join(' ')).toBe('a '.repeat(40).trim());
  });

  it('keeps every sentence in some chunk, whatever the sizes', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} says something.`).join(' ');
    for (const [maxChars, overlapChars] of [
      [50, 0],
      [80, 40],
      [200, 60],
    ] as const) {
      const chunks = chunkText(text, { maxChars, overlapChars });
      for (let i = 0; i < 30; i++)
        expect(chunks.some((chunk) => chunk.includes(`Sentence number ${i} says`))).toBe(true);
      expect(chunks.every((chunk) => chunk.length <= maxChars)).toBe(true);
    }
  });
});

describe('prepareChunks', () => {
  it('gives the chunks chunkText gives, each with its Chinese and Japanese terms, handing the loop back on the way', async () => {
    const text = Array.from({ length: 4000 }, (_, i) => `第${i}句话在这里。Sentence ${i} is here.`).join('\n');
    const size = { maxChars: 300, overlapChars: 50 };
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const prepared = await prepareChunks(text, size);
    clearInterval(ticker);
    expect(prepared.map((chunk) => chunk.text)).toEqual(chunkText(text, size));
    expect(prepared[0]!.searchTerms).toBe(cjkTerms(prepared[0]!.text).join(' '));
    // Timers ran while the chunks were made: the work did not hold the event loop from start to end.
    expect(turns).toBeGreaterThan(0);
  });
});
