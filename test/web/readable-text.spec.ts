import { readableBlocks, type Block } from '../../web/src/readable-text.js';

/** What each block shows, read back from the original text through its ranges. */
const shown = (text: string, blocks: Block[]) =>
  blocks.map((block) => ({
    kind: block.kind,
    lines: block.lines.map((ranges) => ranges.map((range) => text.slice(range.start, range.end)).join('')),
  }));

describe('readableBlocks', () => {
  it('shows headings, paragraphs and list items without their markup', () => {
    const text =
      '# Guide\n\nThe **lamp** turns every `30` seconds.\nKeepers trim the wick.\n\n## Steps ##\n- Check the [log](https://x.test/log).\n2. Sign it.\n';
    expect(shown(text, readableBlocks(text))).toEqual([
      { kind: 'heading', lines: ['Guide'] },
      { kind: 'paragraph', lines: ['The lamp turns every 30 seconds.', 'Keepers trim the wick.'] },
      { kind: 'heading', lines: ['Steps'] },
      { kind: 'item', lines: ['Check the log.'] },
      { kind: 'item', lines: ['2. Sign it.'] },
    ]);
  });

  it('keeps offsets into the original text: every range is a slice of it, in order, never overlapping', () => {
    const text = '# T\r\n\r\nA *b* **c** `d` e_f [g](h)\n\n\n  - i\n#nospace';
    let at = 0;
    for (const block of readableBlocks(text)) {
      for (const range of block.lines.flat()) {
        expect(range.start).toBeGreaterThanOrEqual(at);
        expect(range.end).toBeGreaterThanOrEqual(range.start);
        expect(range.end).toBeLessThanOrEqual(text.length);
        at = range.end;
      }
    }
    // Single stars, underscores inside words and a `#` without a space are text, not markup.
    expect(shown(text, readableBlocks(text)).map((block) => block.lines.join('|'))).toEqual([
      'T',
      'A *b* c d e_f g',
      'i',
      '#nospace',
    ]);
  });
});
