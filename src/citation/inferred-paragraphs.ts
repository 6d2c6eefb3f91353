import { TextPieces } from './text-pieces.js';

/**
 * Paragraphs of the plain text that streams after the answer's structure broke, cut as they close (at a blank
 * line) so that each can be attributed to the sources that support it while the answer is still streaming.
 * The text of a paragraph that was being written when the structure broke is part of the first one.
 */
export class InferredParagraphs {
  private broken = false;
  private pending = '';
  /** Until the structure breaks, the text shown since the last paragraph. */
  private readonly unbroken = new TextPieces();

  /** The structure broke: from now on, shown text is cut into paragraphs. */
  start(): void {
    this.broken = true;
    this.pending = this.unbroken.text();
    this.unbroken.clear();
  }

  /** A paragraph of the model's own structure was sent: the text shown so far belongs to it. */
  reset(): void {
    this.pending = '';
    this.unbroken.clear();
  }

  /** Shown text; returns the paragraphs it closed. */
  write(text: string): string[] {
    if (!this.broken) {
      this.unbroken.push(text);
      return [];
    }
    this.pending += text;
    const parts = this.pending.split(/\n\s*\n/);
    this.pending = parts.pop()!;
    return parts.map((part) => part.trim()).filter((part) => part.length > 0);
  }

  /** The answer is over: the rest, if the structure broke. */
  end(): string[] {
    const rest = this.broken ? this.pending.trim() : '';
    this.pending = '';
    return rest.length > 0 ? [rest] : [];
  }
}
