/**
 * Server-Sent Event frames as the legacy chat protocol writes them. Everything here returns strings; writing
 * them to a socket is the connection's job.
 */

/** The data of the unnamed event that a legacy client turns into a line break. */
export const WRAP = '-_wrap_-';

/**
 * One event: optional `event:` line, one `data:` line per line of the payload, and the blank line that ends
 * it. A spec-compliant client strips one space after `data:`, so a line that itself starts with a space gets
 * one more, which the client takes off again.
 */
export function sseEvent(name: string | undefined, data: string): string {
  let frame = name === undefined ? '' : `event:${name}\n`;
  for (const line of data.split('\n')) frame += line.startsWith(' ') ? `data: ${line}\n` : `data:${line}\n`;
  return `${frame}\n`;
}

/** A comment line: keeps idle proxies from closing the stream. No blank line, so no client sees an event. */
export function sseComment(text: string): string {
  return `:${text}\n`;
}

/**
 * Turns answer text into the legacy unnamed events: text is split on line breaks, the first segment is one
 * event, and every further segment is preceded by a `-_wrap_-` event. A client that joins all unnamed events
 * (with `-_wrap_-` as `\n`) gets the text back, with CRLF and CR read as one line break each; a CR at the end
 * of a piece waits, because the next piece may start with the LF that belongs to it.
 */
export class LegacyTextFramer {
  private pendingCr = false;

  frame(text: string): string {
    let input = text;
    if (this.pendingCr) {
      this.pendingCr = false;
      input = input.startsWith('\n') ? `\r${input}` : `\r\n${input}`;
    }
    if (input.endsWith('\r')) {
      this.pendingCr = true;
      input = input.slice(0, -1);
    }
    if (input.length === 0) return '';
    const segments = input.split(/\r\n|\r|\n/);
    let frames = sseEvent(undefined, segments[0]!);
    for (let i = 1; i < segments.length; i++) frames += sseEvent(undefined, WRAP) + sseEvent(undefined, segments[i]!);
    return frames;
  }

  /** Releases a CR held at the very end of the answer. */
  flush(): string {
    if (!this.pendingCr) return '';
    this.pendingCr = false;
    return sseEvent(undefined, WRAP);
  }
}

/** The text a legacy client reassembles, with the same line-break rule: CRLF and CR become LF. */
export function legacyText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
