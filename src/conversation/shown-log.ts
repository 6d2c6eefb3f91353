import type { SseFrame } from '../sse/sse-frames.js';

/** Appends strings, joined in batches: a long answer of small tokens is not a chain of thousands of string pieces. */
class TextBuilder {
  private joined = '';
  private parts: string[] = [];
  length = 0;

  append(text: string): void {
    if (text === '') return;
    this.parts.push(text);
    this.length += text.length;
    if (this.parts.length >= 512) this.join();
  }

  value(): string {
    this.join();
    return this.joined;
  }

  private join(): void {
    if (this.parts.length === 0) return;
    this.joined += this.parts.join('');
    this.parts = [];
  }
}

const FIELDS = 4;
const BYTES = 0;
const TEXT = 1;
const THINKING = 2;
const ID = 3;

/**
 * What an answer has shown, frame by frame, in a form that costs little to keep: the answer text and reasoning
 * as strings, and per frame four numbers in one typed array (bytes written when it was, text and reasoning
 * lengths after it, its id). Keeping the frames themselves cost two heap objects per token, which every
 * garbage collection walked: with hundreds of long answers streaming, millions of them.
 */
export class ShownLog {
  private marks = new Int32Array(FIELDS * 256);
  private count = 0;
  private readonly text = new TextBuilder();
  private readonly thinking = new TextBuilder();

  /** A frame, the bytes written once it was, and the text and reasoning it showed. */
  add(frame: SseFrame, writtenBytes: number, text: string, thinking: string): void {
    if ((this.count + 1) * FIELDS > this.marks.length) {
      const grown = new Int32Array(this.marks.length * 2);
      grown.set(this.marks);
      this.marks = grown;
    }
    this.text.append(text);
    this.thinking.append(thinking);
    const at = this.count * FIELDS;
    this.marks[at + BYTES] = Math.min(writtenBytes, 0x7fffffff);
    this.marks[at + TEXT] = this.text.length;
    this.marks[at + THINKING] = this.thinking.length;
    this.marks[at + ID] = frame.id ?? 0;
    this.count++;
  }

  /**
   * Text, reasoning and last id of the frames shown; with `deliveredBytes`, only of the frames whose bytes had
   * all been handed to the client by then.
   */
  shown(deliveredBytes?: number): { text: string; thinking: string; lastId: number } {
    let count = this.count;
    if (deliveredBytes !== undefined) {
      while (count > 0 && this.marks[(count - 1) * FIELDS + BYTES]! > deliveredBytes) count--;
    }
    if (count === 0) return { text: '', thinking: '', lastId: 0 };
    const at = (count - 1) * FIELDS;
    return {
      text: this.text.value().slice(0, this.marks[at + TEXT]),
      thinking: this.thinking.value().slice(0, this.marks[at + THINKING]),
      lastId: this.marks[at + ID]!,
    };
  }
}
