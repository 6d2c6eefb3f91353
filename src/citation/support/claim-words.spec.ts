import { hanNegationAt, WordSenses } from './claim-words.js';

describe('WordSenses', () => {
  it('reads an irregular form, a possessive and a denying prefix as their base word', () => {
    const senses = new WordSenses();
    expect(senses.sense('kept')).toEqual(senses.sense('keeps'));
    expect(senses.sense("aspirin's")).toEqual(senses.sense('aspirin'));
    expect(senses.sense('irreversible')).toEqual({ term: senses.sense('reversible').term, inverted: true });
  });

  it('reads a word spelt the British and the American way, and an irregular plural and its singular, alike', () => {
    const senses = new WordSenses();
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
      expect(senses.sense(british!)).toEqual(senses.sense(american!));
    }
    // Turned alike on both sides, different words stay apart.
    expect(senses.sense('promise').term).not.toBe(senses.sense('premise').term);
    expect(senses.sense('filled').term).not.toBe(senses.sense('filed').term);
  });

  it('reads an antonym as its opposite, denied, and a synonym as the same word', () => {
    const senses = new WordSenses();
    expect(senses.sense('survived')).toEqual({ term: senses.sense('died').term, inverted: true });
    expect(senses.sense('killed')).toEqual({ term: senses.sense('died').term, inverted: false });
    expect(senses.sense('beat')).toEqual(senses.sense('defeated'));
    expect(senses.sense('behind')).toEqual({ term: senses.sense('ahead').term, inverted: true });
  });

  it("takes a word's sense from a text read before it, and gives the same answer as reading it afresh", () => {
    const source = new WordSenses();
    const sourceSense = source.sense('departures');
    const paragraph = new WordSenses([source]);
    expect(paragraph.sense('departures')).toBe(sourceSense);
    expect(paragraph.sense('departures')).toEqual(new WordSenses().sense('departures'));
    expect(paragraph.stem('running')).toBe(new WordSenses().stem('running'));
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
