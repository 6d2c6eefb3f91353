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
  const spans: TextSpan[] = [];
  for (let pieceStart = 0; pieceStart < text.length;) {
    const pieceEnd = pieceEndOf(text, pieceStart);
    spansInPiece(text, pieceStart, pieceEnd, spans);
    pieceStart = pieceEnd;
  }
  return spans;
}

/**
 * The segmenter is given whole lines, about this many characters at a time. Each call to it costs microseconds to
 * start, and each sentence it finds costs more the longer its input: a short text is read in one call, a long
 * document in pieces. Pieces end at line breaks, where a sentence always ends, so they cut no sentence.
 */
const PIECE = 1000;

/**
 * The sentences a piece at a time, so that a caller can stop or pause between them (a large document takes a
 * while). Punctuation alone ("...", "!?", a rule "---") says nothing and is not a sentence.
 */
export function* eachSentenceSpan(text: string): Generator<TextSpan> {
  for (let pieceStart = 0; pieceStart < text.length;) {
    const pieceEnd = pieceEndOf(text, pieceStart);
    yield* spansInPiece(text, pieceStart, pieceEnd, []);
    pieceStart = pieceEnd;
  }
}

/**
 * The sentences of one piece, added to `spans`. Each segment is asked for where it stands (`containing`) rather than
 * iterated to: the same segments, found in two thirds of the time.
 */
function spansInPiece(text: string, pieceStart: number, pieceEnd: number, spans: TextSpan[]): TextSpan[] {
  const piece = text.slice(pieceStart, pieceEnd);
  const segments = SENTENCES.segment(piece);
  for (let at = 0; at < piece.length;) {
    const { segment, index } = segments.containing(at)!;
    const span = sentenceIn(segment, pieceStart + index);
    if (span !== undefined) spans.push(span);
    at = index + segment.length;
  }
  return spans;
}

/** Where the piece that starts at `pieceStart` ends: after the first line break past `PIECE` characters. */
function pieceEndOf(text: string, pieceStart: number): number {
  const newline = text.indexOf('\n', pieceStart + PIECE);
  return newline < 0 ? text.length : newline + 1;
}

/** The sentence a segment found at `at` holds, without the space around it; none when it is punctuation alone. */
function sentenceIn(segment: string, at: number): TextSpan | undefined {
  const lead = segment.length - segment.trimStart().length;
  const trimmed = segment.trim();
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return undefined;
  const start = at + lead;
  return { start, end: start + trimmed.length, text: trimmed };
}

/** The sentences' words alone, without Markdown's heading and list markers: what a reader would quote. */
export function sentences(text: string): string[] {
  return sentenceSpans(text)
    .map((span) => span.text.replace(LINE_MARKER, ''))
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
