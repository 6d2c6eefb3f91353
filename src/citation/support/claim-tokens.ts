/**
 * The pieces of a sentence the claim check reads, with their place in the text: Latin words (names such as
 * SHA-256, HTTP/2 and Node.js kept whole), numbers (1,000, 2.40, 9:00, 10.0.3.7 and 2019-03-14 kept whole), single
 * Chinese or Japanese characters, currency and percent signs, and the punctuation that ends a clause.
 */

export type TokenKind = 'word' | 'number' | 'han' | 'symbol' | 'break';

export interface Token {
  kind: TokenKind;
  /** As written (full-width Latin letters and digits folded to ASCII). */
  text: string;
  lower: string;
  /** UTF-16 offsets into the text the sentence came from, end exclusive. */
  start: number;
  end: number;
}

const TOKEN =
  /(\d{4}-\d{1,2}-\d{1,2})|(\d+(?:[.,:]\d+)*)|([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])|([\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:[-'’./&+][\p{L}\p{M}\p{N}]+)*(?:\(\p{Lu}\))?)|([%$€£¥°~−-])|([,;:，；：、()（）"“”!?！？]|—|--)/gu;

/** Full-width ASCII (Ｈ, ３, ％) to ASCII, one UTF-16 unit for one, so offsets stay those of the text. */
function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0));
}

/** The tokens of `text`, offsets shifted by `offset` (the sentence's place in its whole text). */
export function tokenize(text: string, offset = 0): Token[] {
  const folded = foldWidth(text);
  const tokens: Token[] = [];
  for (const match of folded.matchAll(TOKEN)) {
    const value = match[0];
    const start = offset + match.index;
    const kind: TokenKind =
      match[1] !== undefined || match[2] !== undefined
        ? 'number'
        : match[3] !== undefined
          ? 'han'
          : match[4] !== undefined
            ? 'word'
            : match[5] !== undefined
              ? 'symbol'
              : 'break';
    // Only words have a case: the others (a Chinese character a token) are kept as they are.
    const lower = kind === 'word' ? value.toLowerCase() : value;
    tokens.push({ kind, text: value, lower, start, end: start + value.length });
  }
  return tokens;
}

/** Whether a token follows the previous one with nothing between them ("14th", "9点"). */
export function adjacent(previous: Token | undefined, next: Token | undefined): boolean {
  return previous !== undefined && next !== undefined && previous.end === next.start;
}
