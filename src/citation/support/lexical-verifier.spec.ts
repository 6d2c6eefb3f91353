import { LexicalSupportVerifier } from './lexical-verifier.js';
import { numberKeys } from './numbers.js';
import { normalise, splitSentences } from './text-profile.js';

const TRAM =
  'The Lakeside tram line opened on 14 March 2019 and runs 12.5 kilometres from Harbor Station to Elm Park. It carries about 1,000 passengers an hour at peak times. Fares have not changed since the line opened.';
const TRAM_ZH = '湖滨有轨电车于2019年3月14日开通，全长12.5公里，从港口站到榆树公园。高峰时段每小时运送约一千名乘客。';

describe('numberKeys', () => {
  it('writes one quantity the same way however it is written', () => {
    expect(numberKeys('1,000')).toEqual(['1000']);
    expect(numberKeys('一千名')).toEqual(['1000']);
    expect(numberKeys('30%')).toEqual(numberKeys('30 percent'));
    expect(numberKeys('百分之三十')).toEqual(['30%']);
    expect(numberKeys('８５ million'.normalize('NFKC'))).toEqual(numberKeys('8500万'));
    expect(numberKeys('2.40 euros')).toEqual(['2.4']);
    expect(numberKeys('14 March 2019').sort()).toEqual(numberKeys('2019年3月14日').sort());
  });

  it('leaves words that only contain a numeral alone', () => {
    expect(numberKeys('一旦显示就不再改变，这一些片段')).toEqual([]);
    expect(numberKeys('citation E1 and G2')).toEqual([]);
  });
});

describe('LexicalSupportVerifier', () => {
  const verifier = new LexicalSupportVerifier();
  const check = (paragraph: string, text = TRAM) => verifier.check(paragraph, [{ citationId: 'E1', text }]);

  it('passes a sentence the source holds, in other words', () => {
    const result = check('Since 2019 the Lakeside tram line has run from Harbor Station to Elm Park.');
    expect(result.verdict).toBe('verified');
    expect(result.citations[0]).toMatchObject({ citationId: 'E1', verdict: 'verified' });
  });

  it('fails a changed number, a swapped name and a flipped negation although the words overlap', () => {
    expect(check('The Lakeside tram line opened on 14 March 2018.').verdict === 'verified').toBe(false);
    expect(check('The Lakeside tram line runs from Harbor Station to Oak Park.').verdict === 'verified').toBe(false);
    expect(check('Fares have changed since the line opened.').verdict === 'verified').toBe(false);
    expect(check('Fares have not changed since the line opened.').verdict === 'verified').toBe(true);
  });

  it('fails a citation that holds nothing of the paragraph', () => {
    const result = check('Server-Sent Events stream text over one HTTP connection.');
    expect(result.citations[0]).toMatchObject({ verdict: 'unverified', score: 0 });
  });

  it('judges Chinese by character pairs and compares numbers across languages', () => {
    expect(check('湖滨有轨电车全长12.5公里，从港口站到榆树公园。', TRAM_ZH).verdict === 'verified').toBe(true);
    expect(check('湖滨有轨电车从港口站到橡树公园。', TRAM_ZH).verdict === 'verified').toBe(false);
    expect(check('It carries about 1000 passengers an hour.', TRAM_ZH).verdict === 'verified').toBe(true);
    expect(check('It carries about 2000 passengers an hour.', TRAM_ZH).verdict === 'verified').toBe(false);
  });

  it('marks a paragraph with one unsupported sentence as unsupported but keeps the citation that holds the other', () => {
    const result = check('The Lakeside tram line runs 12.5 kilometres. The trams run on solar power and wind.');
    expect(result.verdict).not.toBe('verified');
    expect(result.citations[0]!.verdict).toBe('verified');
  });
});

describe('LexicalSupportVerifier over a long life', () => {
  it('judges alike after the numbering of word stems has started again', () => {
    const verifier = new LexicalSupportVerifier();
    const sources = [{ citationId: 'E1', text: TRAM }];
    const claims = ['Fares have not changed since the line opened.', 'The Lakeside tram line runs to Oak Park.'];
    const before = claims.map((claim) => verifier.check(claim, sources));
    // More distinct words than the numbering keeps: the next check numbers stems afresh.
    const words = Array.from({ length: 100_001 }, (_, i) => `w${i.toString(36)}q`).join(' ');
    new LexicalSupportVerifier().check(words, [{ citationId: 'E1', text: 'q' }]);
    expect(claims.map((claim) => verifier.check(claim, sources))).toEqual(before);
    expect(before.map((result) => result.verdict === 'verified')).toEqual([true, false]);
  });
});

describe('splitSentences and normalise', () => {
  it('cuts at . ! ? before a space, at 。！？；; and at line breaks, and keeps what holds a letter or digit', () => {
    expect(splitSentences('It runs 12.5 km. It opened in 2019!Next\n\n  ...  \n第一句。第二句；第三句')).toEqual([
      'It runs 12.5 km.',
      'It opened in 2019!Next',
      '第一句。',
      '第二句；',
      '第三句',
    ]);
    expect(splitSentences('  ')).toEqual([]);
  });

  it('gives what NFKC gives, for plain and for full-width, composed and compatibility text', () => {
    for (const text of [
      'plain ASCII, 12.5%',
      '１２５　ｋｍ，全长',
      'e\u0301 ﬁ ² ½ Ⅻ ㍿ ｶﾞ',
      'naïve café 约翰·史密斯',
    ]) {
      expect(normalise(text)).toBe(text.normalize('NFKC'));
    }
  });
});
