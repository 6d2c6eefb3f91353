/**
 * Text that can be shown and stored alike: PostgreSQL refuses NUL in text and a lone UTF-16 surrogate in
 * jsonb, and a lone surrogate is no character a reader can see. Both become U+FFFD before anything is shown.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this replaces
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const REPLACEMENT = '\ufffd';

/** Any character `UNSAFE` could match: a test without lookarounds, several times cheaper than the replace. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const MAYBE_UNSAFE = /[\u0000\ud800-\udfff]/;

/** Every piece of an answer passes here, and almost none holds a NUL or a surrogate. */
export function safeText(text: string): string {
  return MAYBE_UNSAFE.test(text) ? text.replace(UNSAFE, REPLACEMENT) : text;
}

/**
 * {@link safeText} for text that arrives in pieces: a high surrogate at the end of a piece is held back, since
 * its low half may start the next piece.
 */
export class SafeTextStream {
  private held = '';

  write(piece: string): string {
    let text = this.held === '' ? piece : this.held + piece;
    this.held = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = text.slice(-1);
      text = text.slice(0, -1);
    }
    return safeText(text);
  }

  /** What is held back, as it stands: a high surrogate with nothing after it is lone. */
  flush(): string {
    const held = this.held;
    this.held = '';
    return held === '' ? '' : safeText(held);
  }
}
