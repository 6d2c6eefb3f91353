import { WordSenses } from './claim-words.js';

describe('WordSenses', () => {
  it('reads an irregular form, a possessive and a denying prefix as their base word', () => {
    const senses = new WordSenses();
    expect(senses.sense('kept')).toEqual(senses.sense('keeps'));
    expect(senses.sense("aspirin's")).toEqual(senses.sense('aspirin'));
    expect(senses.sense('irreversible')).toEqual({ term: senses.sense('reversible').term, inverted: true });
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
