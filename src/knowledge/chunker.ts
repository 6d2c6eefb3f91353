import { eachSentenceSpan } from '../text/sentences.js';

/**
 * Splits an item's text into chunks sized for a model's context: whole sentences (as src/text/sentences.ts finds
 * them: by the Unicode rules, and at a line's end) are packed up to `maxChars`, with the document's line breaks
 * kept between them, and each chunk starts with the last sentences of the one before, up to `overlapChars`, so
 * that a thought cut at a boundary is whole in one of them. A sentence longer than `maxChars` is cut, at a space
 * when there is one. */
export interface ChunkSize {
  maxChars: number;
  overlapChars: number;
}

/** A sentence, and the line break the document had before it: a reader's paragraphs and headings survive. */
interface Sentence {
  text: string;
  breakBefore: '' | '\n' | '\n\n';
}

function* sentencesOf(text: string, maxChars: number): Generator<Sentence> {
  let lastEnd = 0;
  for (const span of eachSentenceSpan(text)) {
    const lineBreaks = text.slice(lastEnd, span.start).split('\n').length - 1;
    let breakBefore: Sentence['breakBefore'] = lineBreaks >= 2 ? '\n\n' : lineBreaks === 1 ? '\n' : '';
    lastEnd = span.end;
    let sentence = span.text;
    while (sentence.length > maxChars) {
      const space = sentence.lastIndexOf(' ', maxChars);
      const cut = space > maxChars / 2 ? space : maxChars;
      yield { text: sentence.slice(0, cut).trim(), breakBefore };
      breakBefore = '';
      sentence = sentence.slice(cut).trim();
    }
    if (sentence.length > 0) yield { text: sentence, breakBefore };
  }
}

/**
 * Joins sentences: with the line break the document had between them (a blank line stays a blank line, so a
 * heading and its paragraphs stay apart), else with a space between words of space-separated languages, and
 * directly between Chinese ones.
 */
function join(sentences: readonly Sentence[]): string {
  let text = '';
  for (const { text: sentence, breakBefore } of sentences) {
    if (text !== '' && breakBefore !== '') {
      text += breakBefore + sentence;
      continue;
    }
    const needsSpace = text !== '' && /[\x21-\x7E]$/.test(text) && /^[\x21-\x7E]/.test(sentence);
    text += (needsSpace ? ' ' : '') + sentence;
  }
  return text;
}

export function chunkText(text: string, size: ChunkSize): string[] {
  return [...chunksOf(text, size)];
}

/** The chunks one at a time, so that a caller can pause between them (a large document takes a while). */
export function* chunksOf(text: string, size: ChunkSize): Generator<string> {
  let current: Sentence[] = [];
  for (const sentence of sentencesOf(text, size.maxChars)) {
    if (current.length > 0 && join([...current, sentence]).length > size.maxChars) {
      yield join(current);
      // Carry the last sentences over, as long as they fit the overlap and leave room for the new sentence.
      const overlap: Sentence[] = [];
      for (let i = current.length - 1; i >= 0; i--) {
        const candidate = [current[i]!, ...overlap];
        if (join(candidate).length > size.overlapChars || join([...candidate, sentence]).length > size.maxChars) break;
        overlap.unshift(current[i]!);
      }
      current = overlap;
    }
    current.push(sentence);
  }
  if (current.length > 0) yield join(current);
}
