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
  /** For bytes that are not in a Buffer (the tokenizer's own carry-over of a character split between chunks). */
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /**
   * The tokenizer hands short runs of ASCII over one byte at a time (chunks of a few characters are all short
   * runs): they are collected here and decoded together, not made into a one-character string each.
   */
  // Not from Buffer's shared pool: a small slice of it keeps a whole 8 KiB slab alive for as long as the answer.
  private readonly chars = Buffer.allocUnsafeSlow(CHAR_BATCH);
  private charCount = 0;
  /** Decoded and not yet handed out: the value of an uncaptured string, the pending delta of a captured one. */
  private text = '';

  appendChar(char: number): void {
    if (this.charCount === CHAR_BATCH) this.flushChars();
    this.chars[this.charCount++] = char;
    this.byteLength += 1;
  }

  /**
   * Decodes a run of whole UTF-8 characters. The chunks the parser writes are `Buffer`s of whole characters,
   * so a Buffer's own decoding gives what the fatal decoder would, without a view object per run.
   */
  appendBuf(buf: Uint8Array, start = 0, end = buf.length): void {
    this.flushChars();
    this.text +=
      buf instanceof Buffer ? buf.toString('utf8', start, end) : this.decoder.decode(buf.subarray(start, end));
    this.byteLength += end - start;
  }

  appendCharCode(code: number): void {
    this.flushChars();
    this.text += String.fromCharCode(code);
  }

  reset(): void {
    this.charCount = 0;
    this.text = '';
    this.byteLength = 0;
    this.inString = true;
  }

  /**
   * The string's value. A captured string has already been handed out as deltas, piece by piece, so its value
   * is not assembled a second time: its token carries an empty string (what is left is taken by `takeDelta`).
   * The tokenizer asks once, at the closing quote; an uncaptured value is let go then, so that it cannot be
   * taken for a delta when capture turns on before the next string.
   */
  toString(): string {
    this.flushChars();
    if (this.capture) return '';
    const value = this.text;
    this.text = '';
    return value;
  }

  takeDelta(): string {
    this.flushChars();
    const text = this.text;
    this.text = '';
    return text;
  }

  private flushChars(): void {
    if (this.charCount === 0) return;
    // Only ASCII arrives through appendChar (the tokenizer decodes anything wider as a run): latin1 is exact.
    this.text += this.chars.toString('latin1', 0, this.charCount);
    this.charCount = 0;
  }
}

/** How many single bytes are collected before they are decoded. */
const CHAR_BATCH = 256;

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
