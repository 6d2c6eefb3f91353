import { ClaimSupportVerifier } from './claim-verifier.js';

/**
 * The check reads whatever a model writes and whatever a knowledge base holds: no text may make it throw. Texts are
 * built from the pieces its readers look at (numerals, units, bounds, dates, denials, punctuation of both languages),
 * in random order, from a fixed seed so that a failure can be replayed.
 */
const PIECES = [
  ...'一千五百万零两半第每周年月日号点时分岁元'.split(''),
  ...['%', '$', '£', '€', '¥', '-', '–', '—', '.', ',', ':', '/', '+', '(', ')', '"', "'", ' ', '\n'],
  ...['0', '1', '2', '9', '12', '2024', '3.2.1', '192.168.0.1', '10:30', '1,500', '½'],
  ...['a', 'am', 'pm', 'at', 'least', 'most', 'to', 'from', 'and', 'or', 'not', 'no', 'up', 'over', 'under'],
  ...['aged', 'years', 'old', 'half', 'km', 'kg', '°C', '°F', 'Monday', 'v', 'x', 'Ａ', '３', '\u0301', '😀'],
  ...['不', '没', '无', '禁止', '可以', '须', '至', '到', '以上', '以下', '约', '左右', '每天', '及', '的'],
  ...['，', '。', '；', '、', '：', '（', '）', '“', '”', '?', '!', '…'],
];

function randomTexts(seed: number): () => string {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  return () => {
    let text = '';
    for (let i = 1 + next(40); i > 0; i--) text += PIECES[next(PIECES.length)]! + (next(3) === 0 ? ' ' : '');
    return text;
  };
}

describe('ClaimSupportVerifier on any text', () => {
  const verifier = new ClaimSupportVerifier();

  it('gives one of its three verdicts for 5,000 random pairs and never throws', () => {
    const text = randomTexts(42);
    for (let k = 0; k < 5000; k++) {
      const [paragraph, source] = [text(), text()];
      const support = verifier.check(paragraph, [{ citationId: 'E1', text: source }]);
      expect(['verified', 'unverified', 'contradicted']).toContain(support.verdict);
    }
  });

  it('reads a text cut right after a number, in either language', () => {
    const source = '非独生子女与兄弟姐妹分摊每月3000元的额度，每人每月不超过1500元。Tickets cost £12 for adults.';
    for (const paragraph of [
      '个人最多一千五',
      '个人最多一千五。',
      '两万三',
      'Adults pay 12',
      'Adults pay £',
      '每人每月不超过',
    ]) {
      expect(() => verifier.check(paragraph, [{ citationId: 'E1', text: source }])).not.toThrow();
      expect(() => verifier.check(source, [{ citationId: 'E1', text: paragraph }])).not.toThrow();
    }
  });
});
