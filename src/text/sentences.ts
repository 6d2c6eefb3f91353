/**
 * Sentences of a text, with their place in it, by the Unicode sentence rules (Intl.Segmenter): "e.g.", "10.0.3.7"
 * and "$2.40" do not end a sentence, and Chinese 。！？ do. Line breaks end a sentence too, so that a heading or a
 * list item stands alone.
 */

export interface TextSpan {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

// A segmenter holds no state between calls: one serves every caller.
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

export function sentenceSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    for (const { segment, index } of SENTENCES.segment(line)) {
      const lead = segment.length - segment.trimStart().length;
      const trimmed = segment.trim();
      // Punctuation alone ("...", "!?") says nothing: not a sentence.
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const start = lineStart + index + lead;
      spans.push({ start, end: start + trimmed.length, text: trimmed });
    }
    lineStart += line.length + 1;
  }
  return spans;
}
