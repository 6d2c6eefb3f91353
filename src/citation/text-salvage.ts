import type { AnswerTextWriter } from './answer-text-writer.js';
import { isCitationIdOnly } from './citation-id.js';

/**
 * What is left of an answer once its JSON broke, turned into text for the reader. Two scanners, one per way of
 * breaking: when the JSON grammar breaks the tokenizer still works, so string tokens are salvaged; when the
 * tokenizer itself fails, the raw characters are scanned for JSON strings. Either way a string followed by a
 * colon is a key and is not shown, and a string that is only a citation id is not shown.
 */

/** Shows a salvaged string as a block of its own unless it is a key, blank, or only an id. */
function showValue(writer: AnswerTextWriter, value: string): void {
  if (value.trim().length === 0 || isCitationIdOnly(value)) return;
  writer.writeBlock(value);
}

/** Salvage from tokens: each string is held until the next token tells whether it was a key. */
export class TokenSalvage {
  private pending: string | undefined;

  constructor(private readonly writer: AnswerTextWriter) {}

  string(value: string): void {
    this.flush();
    this.pending = value;
  }

  colon(): void {
    this.pending = undefined;
  }

  otherToken(): void {
    this.flush();
  }

  flush(): void {
    if (this.pending !== undefined) showValue(this.writer, this.pending);
    this.pending = undefined;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/**
 * Salvage from raw characters. `continueText` is set when the break happened inside the paragraph text that
 * was streaming: the rest of that string keeps streaming into the same block.
 */
export class RawJsonSalvage {
  private inString: boolean;
  private streamingText: boolean;
  private escape: string | undefined;
  private buffer: string[] = [];
  private afterString: string | undefined;

  constructor(
    private readonly writer: AnswerTextWriter,
    startsInString: boolean,
    continueText: boolean,
  ) {
    this.inString = startsInString;
    this.streamingText = continueText;
  }

  write(text: string): void {
    for (const char of text) this.char(char);
    if (this.streamingText) this.flushStreaming();
  }

  end(): void {
    if (this.inString) {
      this.inString = false;
      this.closeString();
    }
    if (this.afterString !== undefined) showValue(this.writer, this.afterString);
    this.afterString = undefined;
  }

  private char(char: string): void {
    if (this.inString) return this.stringChar(char);
    if (this.afterString !== undefined) {
      if (char.trim() === '') return;
      if (char !== ':') showValue(this.writer, this.afterString);
      this.afterString = undefined;
    }
    if (char === '"') this.inString = true;
  }

  private stringChar(char: string): void {
    if (this.escape !== undefined) return this.escapeChar(char);
    if (char === '\\') {
      this.escape = '';
    } else if (char === '"') {
      this.inString = false;
      this.closeString();
    } else {
      this.buffer.push(char);
    }
  }

  private escapeChar(char: string): void {
    const escape = this.escape + char;
    if (escape.startsWith('u')) {
      if (escape.length < 5) {
        this.escape = escape;
        return;
      }
      const code = Number.parseInt(escape.slice(1), 16);
      this.buffer.push(Number.isNaN(code) ? escape : String.fromCharCode(code));
    } else {
      this.buffer.push(SIMPLE_ESCAPES[char] ?? char);
    }
    this.escape = undefined;
  }

  private flushStreaming(): void {
    if (this.buffer.length === 0) return;
    this.writer.write(this.buffer.join(''));
    this.buffer = [];
  }

  private closeString(): void {
    if (this.streamingText) {
      this.flushStreaming();
      this.writer.endBlock();
      this.streamingText = false;
      return;
    }
    this.afterString = this.buffer.join('');
    this.buffer = [];
  }
}

const FENCE_LINE = /^\s*```[\w-]*\s*$/gm;

/** Text after a complete JSON object: shown as one block, without the code fence that usually closes it. */
export class TrailingTextSalvage {
  private readonly pieces: string[] = [];

  write(text: string): void {
    this.pieces.push(text);
  }

  /** The visible trailing text, or '' when there was only whitespace and fences. */
  text(): string {
    return this.pieces.join('').replace(FENCE_LINE, '').trim();
  }
}
