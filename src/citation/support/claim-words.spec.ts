import { hanNegationAt, stem, wordSense, wordStem } from './claim-words.js';

describe('wordSense', () => {
  it('reads an irregular form, a possessive and a denying prefix as their base word', () => {
    expect(wordSense('kept')).toEqual(wordSense('keeps'));
    expect(wordSense("aspirin's")).toEqual(wordSense('aspirin'));
    expect(wordSense('irreversible')).toEqual({ term: wordSense('reversible').term, inverted: true });
  });

  it('reads a word spelt the British and the American way, and an irregular plural and its singular, alike', () => {
    for (const [british, american] of [
      ['organise', 'organize'],
      ['organised', 'organized'],
      ['analyse', 'analyze'],
      ['colour', 'color'],
      ['centre', 'center'],
      ['licence', 'license'],
      ['travelling', 'traveling'],
      ['programme', 'program'],
      ['children', 'child'],
    ]) {
      expect(wordSense(british!)).toEqual(wordSense(american!));
    }
    // Turned alike on both sides, different words stay apart.
    expect(wordSense('promise').term).not.toBe(wordSense('premise').term);
    expect(wordSense('filled').term).not.toBe(wordSense('filed').term);
  });

  it('reads an antonym as its opposite, denied, and a synonym as the same word', () => {
    expect(wordSense('survived')).toEqual({ term: wordSense('died').term, inverted: true });
    expect(wordSense('killed')).toEqual({ term: wordSense('died').term, inverted: false });
    expect(wordSense('beat')).toEqual(wordSense('defeated'));
    expect(wordSense('behind')).toEqual({ term: wordSense('ahead').term, inverted: true });
    expect(wordSense('discretionary')).toEqual({ term: wordSense('compulsory').term, inverted: true });
    expect(wordSense('moist')).toEqual({ term: wordSense('wet').term, inverted: false });
    expect(wordSense('lesser')).toEqual({ term: wordSense('greater').term, inverted: true });
    expect(wordSense('discontinue')).toEqual({ term: wordSense('continue').term, inverted: true });
    expect(wordSense('discount')).toEqual({ term: wordSense('surcharge').term, inverted: true });
    expect(wordSense('halve')).toEqual({ term: wordSense('double').term, inverted: true });
    expect(wordSense('downgrade')).toEqual({ term: wordSense('upgrade').term, inverted: true });
  });

  it('gives every text the same reading of a word, worked out once', () => {
    const sense = wordSense('departures');
    expect(wordSense('departures')).toBe(sense);
    expect(sense).toEqual({ term: wordSense('leave').term, inverted: false });
    expect(wordStem('running')).toBe(stem('running'));
  });
});

describe('hanNegationAt', () => {
  const denies = (text: string) => [...text].map((_, i) => hanNegationAt([...text], i)).some(Boolean);

  it('reads 不, 没, 未 as denials, and not the same characters inside names and words that do not deny', () => {
    expect(denies('不需要停止服务')).toBe(true);
    expect(denies('逾期未缴')).toBe(true);
    expect(denies('莫扎特出生于萨尔茨堡')).toBe(false);
    expect(denies('非洲最高的山')).toBe(false);
    expect(denies('特别适合老人')).toBe(false);
  });
});
