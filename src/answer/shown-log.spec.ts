import { ShownLog } from './shown-log.js';

describe('ShownLog', () => {
  it('gives the text, reasoning and last id of every frame, across many batches of pieces', () => {
    const log = new ShownLog();
    let expected = '';
    for (let id = 1; id <= 3000; id++) {
      const text = `t${id} `;
      expected += text;
      log.add({ id, data: text }, id * 10, text, id % 100 === 0 ? 'r' : '');
    }
    const shown = log.shown();
    expect(shown.text).toBe(expected);
    expect(shown.thinking).toBe('r'.repeat(30));
    expect(shown.lastId).toBe(3000);
  });

  it('after a stall, keeps only the frames whose bytes were all handed to the client', () => {
    const log = new ShownLog();
    log.add({ id: 1, event: '[START]', data: '' }, 20, '', '');
    log.add({ id: 2, data: 'Hello' }, 40, 'Hello', '');
    log.add({ id: 3, data: ' world' }, 60, ' world', '');
    expect(log.shown(59)).toEqual({ text: 'Hello', thinking: '', lastId: 2 });
    expect(log.shown(60)).toEqual({ text: 'Hello world', thinking: '', lastId: 3 });
    expect(log.shown(10)).toEqual({ text: '', thinking: '', lastId: 0 });
  });

  it('settles the frames the client has received, and keeps few marks however long the answer', () => {
    let delivered = 0;
    const settling = new ShownLog(() => delivered);
    const keeping = new ShownLog();
    let written = 0;
    for (let id = 1; id <= 10_000; id++) {
      const text = `w${id} `;
      written += 20;
      settling.add({ id, data: text }, written, text, '');
      keeping.add({ id, data: text }, written, text, '');
      // The client is always a few frames behind.
      delivered = Math.max(0, written - 100);
    }
    expect(settling.markedFrames).toBeLessThanOrEqual(64);
    expect(keeping.markedFrames).toBe(10_000);
    expect(settling.shown()).toEqual(keeping.shown());
    // After a stall, the unsettled frames are cut exactly as before, and a settled one is still counted.
    for (const bytes of [written, written - 1, written - 100, written - 101, written - 300]) {
      expect(settling.shown(bytes)).toEqual(keeping.shown(bytes));
    }
    expect(settling.shown(0).lastId).toBeGreaterThan(9_900);
  });

  it('goes back to its first size once a burst of frames is delivered, and still cuts a later stall exactly', () => {
    let delivered = 0;
    const log = new ShownLog(() => delivered);
    const keeping = new ShownLog();
    let written = 0;
    let id = 1;
    const frame = (text: string) => {
      written += 20;
      log.add({ id, data: text }, written, text, '');
      keeping.add({ id, data: text }, written, text, '');
      id++;
    };
    // The first read of a long answer: 1,000 frames written before any reached the client.
    for (let i = 0; i < 1000; i++) frame(`b${i} `);
    expect(log.markCapacity).toBeGreaterThanOrEqual(1000);
    delivered = written;
    log.shareText('b999 ');
    expect(log.markCapacity).toBe(64);
    for (let i = 0; i < 50; i++) frame(`a${i} `);
    for (const bytes of [written, written - 1, written - 500, delivered, delivered - 1, 0]) {
      expect(log.shown(bytes)).toEqual(keeping.shown(Math.max(bytes, delivered)));
    }
  });

  it('without its text, shrinks after a delivered burst by itself, and cuts a stall exactly as a full log', () => {
    let delivered = 0;
    const marksOnly = new ShownLog(() => delivered, false);
    const full = new ShownLog(() => delivered);
    let written = 0;
    let id = 1;
    let keepingUp = false;
    const frame = () => {
      written += 20;
      marksOnly.add({ id, data: 'x' }, written, 'x', '');
      full.add({ id, data: 'x' }, written, 'x', '');
      id++;
      // Once the burst is delivered, the client stays a few frames behind.
      if (keepingUp) delivered = written - 60;
    };
    for (let i = 0; i < 1100; i++) frame();
    expect(marksOnly.markCapacity).toBe(2048);
    delivered = written;
    keepingUp = true;
    // No paragraph comes: the frames that follow settle the burst on their own.
    for (let i = 0; i < 64; i++) frame();
    expect(marksOnly.markCapacity).toBe(64);
    for (let i = 0; i < 30; i++) frame();
    // Two numbers a frame cut exactly where four do.
    for (const bytes of [written, written - 1, written - 50, delivered, delivered - 1, 0]) {
      expect(marksOnly.lastShownId(bytes)).toBe(full.shown(bytes).lastId);
    }
    expect(marksOnly.lastShownId(written - 50)).toBe(id - 4);
    expect(() => marksOnly.shown()).toThrow(/not kept/);
  });

  describe('sharing the text of a paragraph', () => {
    /** Shows `pieces` one frame each, from frame id `from`; returns the next id. */
    const show = (log: ShownLog, pieces: string[], from: number) => {
      pieces.forEach((piece, i) => log.add({ id: from + i, data: piece }, (from + i) * 10, piece, ''));
      return from + pieces.length;
    };
    const words = (count: number, tag: string) => Array.from({ length: count }, (_, i) => `${tag}${i} `);

    it('keeps the same text whether the shared tail is inside one batch, spans batches or starts mid-batch', () => {
      for (const [before, paragraph] of [
        [3, 5],
        [0, 64],
        [10, 200],
        [63, 1],
        [64, 130],
      ] as const) {
        const log = new ShownLog();
        const head = words(before, 'h');
        const body = words(paragraph, 'p');
        let id = show(log, head, 1);
        id = show(log, body, id);
        log.shareText(body.join(''));
        show(log, ['\n\n', 'next'], id);
        expect(log.shown().text).toBe(`${head.join('')}${body.join('')}\n\nnext`);
        expect(log.shown(id * 10 - 10).text).toBe(`${head.join('')}${body.join('')}`);
        expect(log.sharedTextLength).toBe(body.join('').length);
      }
    });

    it('leaves the text as it was when the tail is not that string, or is longer than the text', () => {
      const log = new ShownLog();
      const id = show(log, words(100, 'a'), 1);
      const before = log.shown();
      log.shareText('not the tail');
      log.shareText(`x${words(100, 'a').join('')}`);
      log.shareText('a99');
      show(log, ['end'], id);
      expect(log.shown().text).toBe(`${before.text}end`);
      expect(log.sharedTextLength).toBe(0);
    });

    it('shares paragraph after paragraph of a long answer', () => {
      const log = new ShownLog();
      let id = 1;
      let expected = '';
      for (let p = 0; p < 40; p++) {
        const separator = p === 0 ? [] : ['\n\n'];
        const body = words(90, `p${p}w`);
        id = show(log, [...separator, ...body], id);
        log.shareText(body.join(''));
        expected += separator.join('') + body.join('');
      }
      expect(log.shown().text).toBe(expected);
      expect(log.sharedTextLength).toBe(expected.length - 39 * 2);
    });
  });
});
