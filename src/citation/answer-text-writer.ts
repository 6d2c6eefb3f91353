import { MarkerStripper } from './marker-stripper.js';

/**
 * Writes the answer text a reader is shown, block by block (a block is a paragraph, or a piece of text saved
 * from a broken answer). Markers come out of each block as it streams, blocks are separated by one blank
 * line, and a block with no visible text leaves no trace, so the concatenation of everything written is
 * exactly the legacy answer text.
 */
export class AnswerTextWriter {
  private stripper: MarkerStripper | undefined;
  private blockPieces: string[] = [];
  private visibleBlocks = 0;

  constructor(private readonly show: (text: string) => void) {}

  get blockOpen(): boolean {
    return this.stripper !== undefined;
  }

  /** Whether any text has been shown so far. */
  get hasShownText(): boolean {
    return this.visibleBlocks > 0;
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
    const text = this.blockPieces.join('');
    this.stripper = undefined;
    this.blockPieces = [];
    return { text, markerIds: stripper.markerIds };
  }

  /** Writes a whole block at once. */
  writeBlock(text: string): void {
    this.write(text);
    this.endBlock();
  }

  private emit(text: string): void {
    if (text.length === 0) return;
    if (this.blockPieces.length === 0) {
      if (this.visibleBlocks > 0) this.show('\n\n');
      this.visibleBlocks++;
    }
    this.blockPieces.push(text);
    this.show(text);
  }
}
