/**
 * Sentences of a text, with their place in it, by the Unicode sentence rules (Intl.Segmenter): "e.g.", "10.0.3.7"
 * and "$2.40" do not end a sentence, and Chinese 。！？ do. Line breaks end a sentence too, so that a heading or a
 * list item stands alone. The one sentence splitter: chunking, the offline model and the support check use it.
 */

export interface TextSpan {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

// A segmenter holds no state between calls (each `segment` gives an iterator of its own): one serves every caller.
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Markdown's heading and list markers at the start of a line: "## ", "- ", "* ", "+ ", "1. ", "2) ". */
const LINE_MARKER = /^(?:#{1,6}|[-*+]|\d+[.)])\s+/;

export function sentenceSpans(text: string): TextSpan[] {
  return [...eachSentenceSpan(text)];
}

/**
 * The segmenter is given whole lines, about this many characters at a time. Each call to it costs microseconds to
 * start, and each sentence it finds costs more the longer its input: a short text is read in one call, a long
 * document in pieces. Pieces end at line breaks, where a sentence always ends, so they cut no sentence.
 */
const PIECE = 1000;

/**
 * The sentences one at a time, so that a caller can stop or pause between them (a large document takes a
 * while). Punctuation alone ("...", "!?", a rule "---") says nothing and is not a sentence.
 */
export function* eachSentenceSpan(text: string): Generator<TextSpan> {
  let pieceStart = 0;
  while (pieceStart < text.length) {
    const newline = text.indexOf('\n', pieceStart + PIECE);
    const pieceEnd = newline < 0 ? text.length : newline + 1;
    for (const { segment, index } of SENTENCES.segment(text.slice(pieceStart, pieceEnd))) {
      const lead = segment.length - segment.trimStart().length;
      const trimmed = segment.trim();
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const start = pieceStart + index + lead;
      yield { start, end: start + trimmed.length, text: trimmed };
    }
    pieceStart = pieceEnd;
  }
}

/** The sentences' words alone, without Markdown's heading and list markers: what a reader would quote. */
export function sentences(text: string): string[] {
  return sentenceSpans(text)
    .map((span) => span.text.replace(LINE_MARKER, ''))
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
