import { Tokenizer } from '@streamparser/json';

/**
 * The tokenizer of @streamparser/json, with one addition: while `capture` is on, the characters it decodes
 * into the string it is reading are also handed out as deltas (`takeDelta`). That is how the text of a
 * paragraph reaches the reader while its JSON string is still open, in one pass and at no extra cost per
 * character.
 *
 * The library's own `emitPartialTokens` gives the whole string so far on every chunk; taking the new part of
 * it copies the string each time, which is quadratic in a paragraph's length. Instead, the tokenizer's string
 * accumulator (an internal field, stable in the pinned version) is replaced by one that records deltas.
 * The constructor checks that seam and fails loudly if a library upgrade moved it.
 */
class CapturingStringBuilder {
  byteLength = 0;
  capture = false;
  /** True from an opening quote until the string's token is emitted. */
  inString = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private pieces: string[] = [];
  private value = '';
  private delta: string[] = [];

  appendChar(char: number): void {
    this.push(String.fromCharCode(char));
    this.byteLength += 1;
  }

  appendBuf(buf: Uint8Array, start = 0, end = buf.length): void {
    this.push(this.decoder.decode(buf.subarray(start, end)));
    this.byteLength += end - start;
  }

  appendCharCode(code: number): void {
    this.push(String.fromCharCode(code));
  }

  reset(): void {
    this.pieces = [];
    this.value = '';
    this.byteLength = 0;
    this.delta = [];
    this.inString = true;
  }

  /**
   * The string's value. A captured string has already been handed out as deltas, piece by piece, so its value
   * is not assembled a second time: its token carries an empty string.
   */
  toString(): string {
    if (this.pieces.length > 0) {
      this.value += this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
      this.pieces = [];
    }
    return this.value;
  }

  takeDelta(): string {
    const delta = this.delta;
    if (delta.length === 0) return '';
    let text = delta[0]!;
    for (let i = 1; i < delta.length; i++) text += delta[i]!;
    this.delta = [];
    return text;
  }

  private push(text: string): void {
    if (this.capture) this.delta.push(text);
    else this.pieces.push(text);
  }
}

interface TokenizerInternals {
  bufferedString?: { appendBuf?: unknown; toString?: unknown };
}

export class CapturingTokenizer extends Tokenizer {
  readonly strings = new CapturingStringBuilder();

  constructor() {
    super();
    const internals = this as unknown as TokenizerInternals;
    if (typeof internals.bufferedString?.appendBuf !== 'function') {
      throw new Error(
        '@streamparser/json no longer keeps its string accumulator in `bufferedString`; ' +
          'pin the version in package.json or update CapturingTokenizer to the new internals',
      );
    }
    internals.bufferedString = this.strings;
  }
}
