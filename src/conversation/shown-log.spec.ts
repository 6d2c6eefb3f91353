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
});
