import { eachSentenceSpan, sentences, sentenceSpans } from './sentences.js';

describe('sentenceSpans', () => {
  it('cuts at sentence ends and line breaks, keeps numbers and abbreviations whole, and points at each sentence', () => {
    const text =
      '  The fare is 2.5 euros, e.g. on line 10.0.3.7. Trams run at night!\n## Map\n湖滨有轨电车2019年开通。每十分钟一班。  ';
    const spans = sentenceSpans(text);
    expect(spans.map((span) => span.text)).toEqual([
      'The fare is 2.5 euros, e.g. on line 10.0.3.7.',
      'Trams run at night!',
      '## Map',
      '湖滨有轨电车2019年开通。',
      '每十分钟一班。',
    ]);
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });

  it('keeps a text without an end as one sentence, and finds none in punctuation alone', () => {
    expect(sentenceSpans('no full stop here')).toEqual([{ text: 'no full stop here', start: 0, end: 17 }]);
    expect(sentenceSpans(' ... \n !? ')).toEqual([]);
  });

  it('reads a long document in pieces without cutting or joining sentences across them', () => {
    const lines = Array.from({ length: 80 }, (_, i) => `Line ${i} has no end\r\nLine ${i} ends here. 第${i}行。`);
    const text = lines.join('\n');
    const spans = sentenceSpans(text);
    expect(spans.map((span) => span.text)).toEqual(
      lines.flatMap((_, i) => [`Line ${i} has no end`, `Line ${i} ends here.`, `第${i}行。`]),
    );
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });
});

describe('sentences', () => {
  it('gives the sentences without Markdown heading and list markers', () => {
    expect(
      sentences('# Notes\n\nThe server restarts on Sunday. Backups last a month!\n- 第一条。第二条？\n---'),
    ).toEqual(['Notes', 'The server restarts on Sunday.', 'Backups last a month!', '第一条。', '第二条？']);
  });
});

describe('eachSentenceSpan', () => {
  it('gives the same spans one at a time, and stops when the caller stops', () => {
    const text = 'First one. Second one.\nThird one.';
    expect([...eachSentenceSpan(text)]).toEqual(sentenceSpans(text));
    const first = eachSentenceSpan(text).next();
    expect(first.value).toEqual({ start: 0, end: 10, text: 'First one.' });
  });
});
