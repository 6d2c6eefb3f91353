/**
 * Splits an item's text into chunks sized for a model's context: whole sentences (ending at . ! ? and at the
 * Chinese 。！？；) are packed up to `maxChars`, and each chunk starts with the last sentences of the one
 * before, up to `overlapChars`, so that a thought cut at a boundary is whole in one of them. A sentence
 * longer than `maxChars` is cut, at a space when there is one.
 */
export interface ChunkSize {
  maxChars: number;
  overlapChars: number;
}

const SENTENCE = /[^.!?。！？；\n]+(?:[.!?。！？；]+["'”’）)]*|\n+|$)/g;

function* sentencesOf(text: string, maxChars: number): Generator<string> {
  for (const [raw] of text.matchAll(SENTENCE)) {
    let sentence = raw.trim();
    while (sentence.length > maxChars) {
      const space = sentence.lastIndexOf(' ', maxChars);
      const cut = space > maxChars / 2 ? space : maxChars;
      yield sentence.slice(0, cut).trim();
      sentence = sentence.slice(cut).trim();
    }
    if (sentence.length > 0) yield sentence;
  }
}

/** Joins sentences: with a space between words of space-separated languages, directly between Chinese ones. */
function join(sentences: readonly string[]): string {
  let text = '';
  for (const sentence of sentences) {
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
  let current: string[] = [];
  for (const sentence of sentencesOf(text, size.maxChars)) {
    if (current.length > 0 && join([...current, sentence]).length > size.maxChars) {
      yield join(current);
      // Carry the last sentences over, as long as they fit the overlap and leave room for the new sentence.
      const overlap: string[] = [];
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
