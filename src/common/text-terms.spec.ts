import { cjkTerms, sentences, terms, wordTerms } from './text-terms.js';

describe('text terms', () => {
  it('takes words of space-separated text and character pairs of Chinese text', () => {
    expect(terms('How do Citations work? 检索增强')).toEqual(['citations', 'work', '检索', '索增', '增强']);
    expect(wordTerms('Why is the sky blue, 天空?')).toEqual(['sky', 'blue']);
    expect(cjkTerms('天空为什么')).toEqual(['天空', '空为', '为什', '什么']);
  });

  it('splits sentences at punctuation and line breaks, without Markdown markers', () => {
    expect(sentences('# Notes\n\nThe server restarts on Sunday. Backups last a month!\n- 第一条。第二条？')).toEqual([
      'Notes',
      'The server restarts on Sunday.',
      'Backups last a month!',
      '第一条。',
      '第二条？',
    ]);
  });
});
