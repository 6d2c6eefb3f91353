/** Pieces joined into one string at a time: few enough that the array of them stays small. */
const PIECES_PER_RUN = 16;

/**
 * Text that arrives in small pieces (a model's tokens, a few characters each) and is read back whole once.
 * Every few pieces are joined into one string: a paragraph of 120 tokens is then eight strings, not 120 strings
 * and an array of 120 slots, which per piece cost several times the characters they hold. Appending to one
 * string instead would keep a chain of string pieces, which costs as much.
 */
export class TextPieces {
  private runs: string[] = [];
  private pieces: string[] = [];

  get isEmpty(): boolean {
    return this.pieces.length === 0 && this.runs.length === 0;
  }

  push(piece: string): void {
    this.pieces.push(piece);
    if (this.pieces.length === PIECES_PER_RUN) {
      this.runs.push(this.pieces.join(''));
      this.pieces = [];
    }
  }

  text(): string {
    return this.runs.join('') + this.pieces.join('');
  }

  clear(): void {
    this.runs = [];
    this.pieces = [];
  }
}
