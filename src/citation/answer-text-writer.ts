import { MarkerStripper } from './marker-stripper.js';
import { TextPieces } from './text-pieces.js';

const BLOCK_SEPARATOR = '\n\n';

/**
 * Writes the answer text a reader is shown, block by block (a block is a paragraph, or a piece of text saved
 * from a broken answer). Markers come out of each block as it streams, blocks are separated by one blank
 * line, and a block with no visible text leaves no trace, so the concatenation of everything written is
 * exactly the legacy answer text. The writer keeps that text unless told not to (its caller keeps what it shows).
 */
export class AnswerTextWriter {
  private stripper: MarkerStripper | undefined;
  /**
   * The visible text of every ended block, when the text is kept. Kept whole, not in pieces: a long answer
   * streams in thousands.
   */
  private readonly blocks: string[] | undefined;
  private endedBlocks = 0;
  /** The pieces shown of the open block. */
  private readonly pieces = new TextPieces();

  constructor(
    private readonly show: (text: string) => void,
    keepText = true,
  ) {
    this.blocks = keepText ? [] : undefined;
  }

  get blockOpen(): boolean {
    return this.stripper !== undefined;
  }

  /** The legacy answer text: everything shown, paragraphs separated by a blank line; undefined when not kept. */
  get answerText(): string | undefined {
    if (this.blocks === undefined) return undefined;
    const open = this.pieces.isEmpty ? [] : [this.pieces.text()];
    return [...this.blocks, ...open].join(BLOCK_SEPARATOR);
  }

  write(piece: string): void {
    if (piece.length === 0) return;
    this.stripper ??= new MarkerStripper();
    this.emit(this.stripper.write(piece));
  }

  /** Ends the open block; returns its final text and the ids its markers named. */
  endBlock(): { text: string; markerIds: (string | undefined)[] } {
    const stripper = this.stripper;
    if (stripper === undefined) return { text: '', markerIds: [] };
    this.emit(stripper.end());
    const text = this.pieces.text();
    if (text.length > 0) {
      this.blocks?.push(text);
      this.endedBlocks++;
    }
    this.stripper = undefined;
    this.pieces.clear();
    return { text, markerIds: stripper.markerIds };
  }

  /** Writes a whole block at once. */
  writeBlock(text: string): void {
    this.write(text);
    this.endBlock();
  }

  private emit(text: string): void {
    if (text.length === 0) return;
    if (this.pieces.isEmpty && this.endedBlocks > 0) this.show(BLOCK_SEPARATOR);
    this.pieces.push(text);
    this.show(text);
  }
}
