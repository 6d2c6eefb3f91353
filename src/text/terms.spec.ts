import { cjkTerms, cjkText, hasCjk, terms, wordTerms } from './terms.js';

describe('text terms', () => {
  it('takes words of space-separated text and character pairs of Chinese text', () => {
    expect(terms('How do Citations work? 检索增强')).toEqual(['citations', 'work', '检索', '索增', '增强']);
    expect(wordTerms('Why is the sky blue, 天空?')).toEqual(['sky', 'blue']);
    expect(cjkTerms('天空为什么')).toEqual(['天空', '空为', '为什', '什么']);
    expect(cjkText('Why is 天空 blue, 東京の空?')).toBe('天空東京の空');
  });

  it('tells Chinese and Japanese text from the rest, and finds no term in stop words and single letters', () => {
    expect(hasCjk('Tokyo 東京')).toBe(true);
    expect(hasCjk('カタカナ')).toBe(true);
    expect(hasCjk('Ünïcödé words')).toBe(false);
    expect(terms('What is a b c?')).toEqual([]);
    expect(terms('天')).toEqual(['天']);
  });
});
