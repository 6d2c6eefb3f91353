/**
 * Server-Sent Event frames as the legacy chat protocol writes them. Everything here returns strings or frame
 * values; writing them to a socket is the connection's job.
 */

/** The data of the unnamed event that a legacy client turns into a line break. */
export const WRAP = '-_wrap_-';

/** Every line end a spec-compliant client recognises: CRLF, CR and LF. */
const LINE_END = /\r\n|\r|\n/;

/** One event of a stream: `id` numbers the events of an answer (1 for `[START]`), none for events outside one. */
export interface SseFrame {
  id?: number;
  event?: string;
  data: string;
}

/**
 * One event: optional `event:` and `id:` lines, one `data:` line per line of the payload, and the blank line
 * that ends it. The payload is split on CR, LF and CRLF alike, so no text inside it can end a line, start a
 * field or forge an event. A spec-compliant client strips one space after `data:`, so a line that itself
 * starts with a space gets one more, which the client takes off again.
 */
export function sseEvent(name: string | undefined, data: string, id?: number): string {
  let frame = name === undefined ? '' : `event:${name}\n`;
  if (id !== undefined) frame += `id:${id}\n`;
  // Most events are one token of text on one line: no split for them.
  if (!hasLineEnd(data)) return data.startsWith(' ') ? `${frame}data: ${data}\n\n` : `${frame}data:${data}\n\n`;
  for (const line of data.split(LINE_END)) frame += line.startsWith(' ') ? `data: ${line}\n` : `data:${line}\n`;
  return `${frame}\n`;
}

function hasLineEnd(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

export function serializeFrame(frame: SseFrame): string {
  return sseEvent(frame.event, frame.data, frame.id);
}

export function serializeFrames(frames: readonly SseFrame[]): string {
  let raw = '';
  for (const frame of frames) raw += serializeFrame(frame);
  return raw;
}

/** A comment line: keeps idle proxies from closing the stream. No blank line, so no client sees an event. */
export function sseComment(text: string): string {
  return `:${text}\n`;
}

/**
 * Turns answer text into the data of legacy unnamed events: text is split on line breaks, the first segment is
 * one event, and every further segment is preceded by a `-_wrap_-` event. A client that joins all unnamed
 * events (with `-_wrap_-` as `\n`) gets the text back, with CRLF and CR read as one line break each; a CR at
 * the end of a piece waits, because the next piece may start with the LF that belongs to it.
 *
 * The stock client reads any event whose data merely starts with `-_wrap_-` as a line break followed by the
 * rest; a segment of text that starts so (a model that writes the marker itself) is sent as `-` and the rest,
 * so every client shows the literal text.
 */
export class LegacyTextFramer {
  private pendingCr = false;

  segments(text: string): string[] {
    // Nothing new: a held CR keeps waiting for what follows.
    if (text === '') return [];
    let input = text;
    if (this.pendingCr) {
      this.pendingCr = false;
      input = input.startsWith('\n') ? `\r${input}` : `\r\n${input}`;
    }
    if (input.endsWith('\r')) {
      this.pendingCr = true;
      input = input.slice(0, -1);
    }
    if (input.length === 0) return [];
    if (!hasLineEnd(input) && !input.startsWith(WRAP)) return [input];
    const lines = input.split(LINE_END);
    const data: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (i > 0) data.push(WRAP);
      const line = lines[i]!;
      if (line.startsWith(WRAP)) data.push('-', line.slice(1));
      else data.push(line);
    }
    return data;
  }

  /** Releases a CR held at the very end of the answer. */
  flush(): string[] {
    if (!this.pendingCr) return [];
    this.pendingCr = false;
    return [WRAP];
  }

  /** The frames of `text`, for callers that do not number events. */
  frame(text: string): string {
    return this.segments(text)
      .map((data) => sseEvent(undefined, data))
      .join('');
  }
}

/** The text a legacy client reassembles, with the same line-break rule: CRLF and CR become LF. */
export function legacyText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The stock AIDeepIn client's rule for every event it does not handle by name: a leading `-_wrap_-` becomes a
 * line break and the data is appended to the answer. Applied to what was written, it gives the text shown.
 */
export const STOCK_CLIENT_EVENTS: ReadonlySet<string> = new Set([
  '[START]',
  '[ERROR]',
  '[DONE]',
  '[AUDIO]',
  '[THINKING]',
  '[STATE_CHANGED]',
]);

export function stockClientText(frame: Pick<SseFrame, 'event' | 'data'>): string {
  if (frame.event !== undefined && STOCK_CLIENT_EVENTS.has(frame.event)) return '';
  return frame.data.startsWith(WRAP) ? `\n${frame.data.slice(WRAP.length)}` : frame.data;
}
