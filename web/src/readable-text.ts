/**
 * A source chunk's text as a reader sees it: markdown headings, paragraphs and list items as blocks, without
 * their markup (`# `, `**`, backticks, a link's address). The text is never rewritten: each block lists the
 * ranges of the original text it shows, so that offsets into the original (the evidence spans, a quote) still
 * point at the same characters once it is rendered.
 */

/** A range of the original text, UTF-16 offsets, `end` exclusive. */
export interface Range {
  start: number;
  end: number;
}

export interface Block {
  kind: 'heading' | 'paragraph' | 'item';
  /** A list item whose bullet was markup: the page draws its own. */
  bulleted?: boolean;
  /** What the block shows, in order; a new line of the source starts a new inner list (shown on its own line). */
  lines: Range[][];
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+/;
const BULLET = /^\s*[-*+][ \t]+/;
const NUMBERED = /^\s*\d{1,3}[.)][ \t]+/;
/** Inline markup that is only markup: strong emphasis and code marks; a link's `[`, and `](address)`. */
const INLINE_MARKUP = /\*\*|__|`+|\[(?=[^\]\n]*\]\([^)\s]*\))|\]\([^)\s]*\)/g;

/** The ranges of `text[start, end)` left once inline markup is taken out. */
function visibleRanges(text: string, start: number, end: number): Range[] {
  const ranges: Range[] = [];
  let at = start;
  const line = text.slice(start, end);
  for (const match of line.matchAll(INLINE_MARKUP)) {
    const from = start + match.index;
    if (from > at) ranges.push({ start: at, end: from });
    at = from + match[0].length;
  }
  if (end > at) ranges.push({ start: at, end });
  return ranges;
}

/** The blocks of `text`: a heading or a list item is a block of its own line; other lines run into paragraphs. */
export function readableBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Block | undefined;
  let offset = 0;
  for (const raw of text.split('\n')) {
    const start = offset;
    const end = start + raw.length - (raw.endsWith('\r') ? 1 : 0);
    offset += raw.length + 1;
    const line = text.slice(start, end);
    if (line.trim() === '') {
      paragraph = undefined;
      continue;
    }
    const marker = HEADING.exec(line) ?? BULLET.exec(line);
    const kind = HEADING.test(line) ? 'heading' : marker || NUMBERED.test(line) ? 'item' : 'paragraph';
    if (kind === 'paragraph') {
      const lineStart = start + (line.length - line.trimStart().length);
      if (!paragraph) blocks.push((paragraph = { kind, lines: [] }));
      paragraph.lines.push(visibleRanges(text, lineStart, end));
      continue;
    }
    paragraph = undefined;
    // A heading's `#` marks and a bullet are markup; a number stays, as it says where the item comes.
    const contentStart = start + (marker ? marker[0].length : line.length - line.trimStart().length);
    const contentEnd = kind === 'heading' ? start + line.replace(/[ \t]+#+[ \t]*$/, '').length : end;
    const lines = [visibleRanges(text, contentStart, Math.max(contentStart, contentEnd))];
    blocks.push(kind === 'item' && marker ? { kind, bulleted: true, lines } : { kind, lines });
  }
  return blocks;
}
