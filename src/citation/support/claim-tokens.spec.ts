import { tokenize } from './claim-tokens.js';

const read = (text: string) => tokenize(text).map((token) => [token.kind, token.text]);

describe('tokenize', () => {
  it('keeps names and numbers whole, and points at each token in the text', () => {
    const text = "SHA-256, Node.js and HTTP/2 at 9:00; it's Kilimanjaro's café(A) on 10.0.3.7 since 2019-03-14.";
    const tokens = tokenize(text, 3);
    expect(tokens.map((token) => [token.kind, token.text])).toEqual([
      ['word', 'SHA-256'],
      ['break', ','],
      ['word', 'Node.js'],
      ['word', 'and'],
      ['word', 'HTTP/2'],
      ['word', 'at'],
      ['number', '9:00'],
      ['break', ';'],
      ['word', "it's"],
      ['word', "Kilimanjaro's"],
      ['word', 'café(A)'],
      ['word', 'on'],
      ['number', '10.0.3.7'],
      ['word', 'since'],
      ['number', '2019-03-14'],
    ]);
    for (const token of tokens) expect(text.slice(token.start - 3, token.end - 3)).toBe(token.text);
    expect(tokens[2]!.lower).toBe('node.js');
  });

  it('reads a thousands comma and a clock, but not a comma after a clock, as part of a number', () => {
    expect(read('1,000.50 at 19:00, 19:00，19:00以后')).toEqual([
      ['number', '1,000.50'],
      ['word', 'at'],
      ['number', '19:00'],
      ['break', ','],
      ['number', '19:00'],
      ['break', ','],
      ['number', '19:00'],
      ['han', '以'],
      ['han', '后'],
    ]);
  });

  it("reads no word in a possessive after a number: the Aero 16's battery", () => {
    expect(read("the Aero 16's battery, 16’s, 30s")).toEqual([
      ['word', 'the'],
      ['word', 'Aero'],
      ['number', '16'],
      ['word', 'battery'],
      ['break', ','],
      ['number', '16'],
      ['break', ','],
      ['number', '30'],
      ['word', 's'],
    ]);
  });

  it('reads a plain word up to what cannot go on it, and a joined word, a letter in brackets or accents whole', () => {
    expect(
      read('Vitamin(D) costs $2.40 — R&D + QA; abc--def x.y. ＨＴＴＰ ３％ A1b2 1st Zürich ab\u0301c l’été "ok"!'),
    ).toEqual([
      ['word', 'Vitamin(D)'],
      ['word', 'costs'],
      ['symbol', '$'],
      ['number', '2.40'],
      ['break', '—'],
      ['word', 'R&D'],
      // A plus sign is read: after a number it bounds it ("70+").
      ['symbol', '+'],
      ['word', 'QA'],
      ['break', ';'],
      ['word', 'abc'],
      ['symbol', '-'],
      ['symbol', '-'],
      ['word', 'def'],
      ['word', 'x.y'],
      ['word', 'HTTP'],
      ['number', '3'],
      ['symbol', '%'],
      ['word', 'A1b2'],
      ['number', '1'],
      ['word', 'st'],
      ['word', 'Zürich'],
      ['word', 'ab\u0301c'],
      ['word', 'l’été'],
      ['break', '"'],
      ['word', 'ok'],
      ['break', '"'],
      ['break', '!'],
    ]);
  });

  it('gives each Chinese character a token of its own', () => {
    expect(read('电车2019年开通，每十分钟一班。')).toEqual([
      ['han', '电'],
      ['han', '车'],
      ['number', '2019'],
      ['han', '年'],
      ['han', '开'],
      ['han', '通'],
      ['break', ','],
      ['han', '每'],
      ['han', '十'],
      ['han', '分'],
      ['han', '钟'],
      ['han', '一'],
      ['han', '班'],
    ]);
  });
});
