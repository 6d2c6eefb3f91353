/**
 * English-like prose of about `bytes` bytes with a vocabulary that keeps growing, as real documents have:
 * what indexing costs depends on how many distinct words the text holds (each is a full-text lexeme and a
 * set of trigrams), and a text of a few repeated words hides that cost. Deterministic: the same size gives
 * the same text, so runs compare.
 */
const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'f',
  'g',
  'gr',
  'h',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'w',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
const CODAS = ['', 'n', 'r', 'st', 'l', 'nd', 'm', 'ck', 'ss', 'th'];
const COMMON = ['the', 'of', 'and', 'a', 'to', 'in', 'is', 'was', 'that', 'for', 'on', 'with', 'as', 'by', 'at'];

/** mulberry32: a small seeded generator, enough for filler text. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function variedProse(bytes: number): string {
  const next = random(20_240_611);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const vocabulary: string[] = [];
  const coined = () => {
    let word = '';
    for (let syllables = 1 + Math.floor(next() * 3); syllables > 0; syllables--)
      word += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    vocabulary.push(word);
    return word;
  };
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const words: string[] = [];
    for (let count = 8 + Math.floor(next() * 12); count > 0; count--) {
      const roll = next();
      // A third common words, a fifth new words, the rest words seen before (recent ones more often).
      if (roll < 0.33) words.push(pick(COMMON));
      else if (roll < 0.53 || vocabulary.length === 0) words.push(coined());
      else words.push(vocabulary[vocabulary.length - 1 - Math.floor(next() ** 3 * vocabulary.length)]!);
    }
    const sentence = `${words.join(' ')}.`;
    const line = sentence.charAt(0).toUpperCase() + sentence.slice(1) + (next() < 0.15 ? '\n\n' : ' ');
    lines.push(line);
    size += Buffer.byteLength(line);
  }
  return lines.join('').slice(0, bytes);
}
