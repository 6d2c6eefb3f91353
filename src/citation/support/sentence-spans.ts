import type { SourceSpan } from './support-verifier.js';

export interface SentenceSpan extends SourceSpan {
  text: string;
}

/** Where a sentence ends: . ! ? before a space or the end (so 12.5 stays whole), 。！？；, and line breaks. */
const SENTENCE_END = /[.!?](?=\s|$)|[。！？；]|\n/g;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The sentences of a text with their place in it (UTF-16 offsets, end exclusive, surrounding spaces left out),
 * so that a verdict can point at the source sentence it rests on. Pieces without a letter or digit are skipped.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  for (const end of text.matchAll(SENTENCE_END)) {
    const stop = end[0] === '\n' ? end.index : end.index + 1;
    keep(spans, text, start, stop);
    start = end.index + 1;
  }
  keep(spans, text, start, text.length);
  return spans;
}

function keep(spans: SentenceSpan[], text: string, from: number, to: number): void {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const sentence = text.slice(start, end);
  if (LETTER_OR_DIGIT.test(sentence)) spans.push({ text: sentence, start, end });
}
