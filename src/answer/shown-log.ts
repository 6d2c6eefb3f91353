import type { SseFrame } from '../platform/sse/sse-frames.js';

/** Small enough that the pieces waiting to be joined cost little next to the text itself. */
const PARTS_PER_JOIN = 64;

/**
 * Appends strings, joined in batches: a long answer of small tokens is neither a chain of thousands of string
 * pieces nor an array of every one. A tail that equals a string kept elsewhere (a paragraph's text) can be swapped
 * for that string, so that the text is kept once.
 */
class TextBuilder {
  /** Joined batches of pieces, and strings shared with their owners. */
  private chunks: string[] = [];
  private parts: string[] = [];
  length = 0;
  /** Characters of the text that are strings shared with their owners. */
  sharedLength = 0;

  append(text: string): void {
    if (text === '') return;
    this.parts.push(text);
    this.length += text.length;
    if (this.parts.length >= PARTS_PER_JOIN) this.joinParts();
  }

  value(): string {
    this.joinParts();
    return this.chunks.join('');
  }

  /**
   * When the text ends with `text`, keeps `text` itself for that tail instead of the pieces it was built from.
   * Does nothing otherwise: the text is the same either way.
   */
  shareTail(text: string): void {
    if (text.length === 0 || text.length > this.length) return;
    this.joinParts();
    let first = this.chunks.length;
    let end = text.length;
    while (end > 0) {
      const chunk = this.chunks[--first]!;
      if (chunk.length > end) break;
      end -= chunk.length;
      if (!text.startsWith(chunk, end)) return;
    }
    // When the tail starts inside a chunk, that chunk's head stays, as a string of its own.
    const straddling = end > 0 ? this.chunks[first]! : '';
    if (!straddling.endsWith(text.slice(0, end))) return;
    const head = end > 0 ? [straddling.slice(0, straddling.length - end)] : [];
    this.chunks.splice(first, this.chunks.length - first, ...head, text);
    this.sharedLength += text.length;
  }

  private joinParts(): void {
    if (this.parts.length === 0) return;
    this.chunks.push(this.parts.length === 1 ? this.parts[0]! : this.parts.join(''));
    this.parts = [];
  }
}

/** Per frame: bytes written when it was, its id, and (when the text is kept) the text and reasoning lengths after it. */
const BYTES = 0;
const ID = 1;
const TEXT = 2;
const THINKING = 3;
/** Frames whose marks fit before the first growth: what a reader who keeps up leaves unsettled at most. */
const FIRST_CAPACITY = 64;

/**
 * What an answer has shown, frame by frame, in a form that costs little to keep: the answer text and reasoning
 * as strings, and per frame four numbers in one typed array (bytes written when it was, its id, text and
 * reasoning lengths after it). Keeping the frames themselves cost two heap objects per token, which every
 * garbage collection walked: with hundreds of long answers streaming, millions of them.
 *
 * Only the frames the client may not have received yet need their marks: when the array fills, the frames
 * whose bytes were all handed to the client (`deliveredBytes`, which only grows) are settled into one mark.
 * A reader who keeps up leaves a few dozen frames unsettled, however long the answer.
 *
 * An answer whose journal stores what it shows reads its text back from there: its log keeps no text
 * (`keepText` false), only where each frame ends and its id, two numbers a frame.
 *
 * A burst of frames written before the client took any (the first read of a long answer) grows the array; it is
 * settled every `FIRST_CAPACITY` frames after, and goes back to its first size once the burst was delivered.
 */
export class ShownLog {
  private readonly fields: number;
  private marks: Int32Array;
  private count = 0;
  /** Frames added since the grown array was last settled. */
  private addedSinceSettle = 0;
  /** The text and reasoning lengths and id after the last settled frame. */
  private settledText = 0;
  private settledThinking = 0;
  private settledId = 0;
  private readonly text: TextBuilder | undefined;
  private readonly thinking: TextBuilder | undefined;

  /** `deliveredBytes`: bytes the client has surely received so far; 0 when that can no longer be told. */
  constructor(
    private readonly deliveredBytes: () => number = () => 0,
    keepText = true,
  ) {
    this.text = keepText ? new TextBuilder() : undefined;
    this.thinking = keepText ? new TextBuilder() : undefined;
    this.fields = keepText ? 4 : 2;
    this.marks = new Int32Array(this.fields * FIRST_CAPACITY);
  }

  /** A frame, the bytes written once it was, and the text and reasoning it showed. */
  add(frame: SseFrame, writtenBytes: number, text: string, thinking: string): void {
    if ((this.count + 1) * this.fields > this.marks.length) this.makeRoom();
    else if (this.marks.length > this.fields * FIRST_CAPACITY && ++this.addedSinceSettle >= FIRST_CAPACITY) {
      this.settle();
    }
    const at = this.count * this.fields;
    this.marks[at + BYTES] = Math.min(writtenBytes, 0x7fffffff);
    this.marks[at + ID] = frame.id ?? 0;
    if (this.text !== undefined && this.thinking !== undefined) {
      this.text.append(text);
      this.thinking.append(thinking);
      this.marks[at + TEXT] = this.text.length;
      this.marks[at + THINKING] = this.thinking.length;
    }
    this.count++;
  }

  /**
   * Text, reasoning and last id of the frames shown; with `deliveredBytes`, only of the frames whose bytes had
   * all been handed to the client by then. Only when the text is kept.
   */
  shown(deliveredBytes?: number): { text: string; thinking: string; lastId: number } {
    if (this.text === undefined || this.thinking === undefined) {
      throw new Error('the shown text is not kept: it is read back from the stored events');
    }
    const count = this.shownFrames(deliveredBytes);
    const at = (count - 1) * this.fields;
    const textLength = count === 0 ? this.settledText : this.marks[at + TEXT]!;
    const thinkingLength = count === 0 ? this.settledThinking : this.marks[at + THINKING]!;
    return {
      text: textLength === 0 ? '' : this.text.value().slice(0, textLength),
      thinking: thinkingLength === 0 ? '' : this.thinking.value().slice(0, thinkingLength),
      lastId: this.lastIdOf(count),
    };
  }

  /** The id of the last frame shown; with `deliveredBytes`, as in {@link shown}. */
  lastShownId(deliveredBytes?: number): number {
    return this.lastIdOf(this.shownFrames(deliveredBytes));
  }

  /**
   * When the answer text shown so far ends with `text`, which its owner keeps anyway (a paragraph's text), the
   * log keeps that string for it rather than a copy of its own.
   */
  shareText(text: string): void {
    this.text?.shareTail(text);
    // A burst (the first read of a long answer) can grow the marks far past what a reader who keeps up needs;
    // settled once it has been delivered, they go back to their first size.
    if (this.marks.length > this.fields * FIRST_CAPACITY) this.settle();
  }

  /** The id of the last frame the client has surely received, whatever happens next (0 before any). */
  get settledFrameId(): number {
    return this.settledId;
  }

  /** Characters of the answer text kept as strings shared with their owners rather than copies. */
  get sharedTextLength(): number {
    return this.text?.sharedLength ?? 0;
  }

  /** Frames whose marks are kept (not settled). */
  get markedFrames(): number {
    return this.count;
  }

  /** Frames the marks' array has room for. */
  get markCapacity(): number {
    return this.marks.length / this.fields;
  }

  /** How many of the marked frames were shown: with `deliveredBytes`, those whose bytes were all delivered. */
  private shownFrames(deliveredBytes: number | undefined): number {
    let count = this.count;
    if (deliveredBytes !== undefined) {
      while (count > 0 && this.marks[(count - 1) * this.fields + BYTES]! > deliveredBytes) count--;
    }
    return count;
  }

  private lastIdOf(shownFrames: number): number {
    return shownFrames === 0 ? this.settledId : this.marks[(shownFrames - 1) * this.fields + ID]!;
  }

  /** Settles the delivered frames; grows the array when that frees less than half of it. */
  private makeRoom(): void {
    this.settle();
    if (this.count * this.fields * 2 > this.marks.length) this.resize(this.marks.length * 2);
  }

  /** Settles the frames whose bytes were all delivered; shrinks the array to its first size when they fit. */
  private settle(): void {
    this.addedSinceSettle = 0;
    const fields = this.fields;
    const delivered = this.deliveredBytes();
    let settled = 0;
    while (settled < this.count && this.marks[settled * fields + BYTES]! <= delivered) settled++;
    if (settled > 0) {
      const last = (settled - 1) * fields;
      this.settledId = this.marks[last + ID]!;
      if (fields > TEXT) {
        this.settledText = this.marks[last + TEXT]!;
        this.settledThinking = this.marks[last + THINKING]!;
      }
      this.marks.copyWithin(0, settled * fields, this.count * fields);
      this.count -= settled;
    }
    if (this.marks.length > fields * FIRST_CAPACITY && this.count * 2 <= FIRST_CAPACITY) {
      this.resize(fields * FIRST_CAPACITY);
    }
  }

  private resize(length: number): void {
    const marks = new Int32Array(length);
    marks.set(this.marks.subarray(0, this.count * this.fields));
    this.marks = marks;
  }
}
