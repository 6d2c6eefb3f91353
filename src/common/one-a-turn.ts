/**
 * Lets waiting pieces of work go one per turn of the event loop, each after that turn's network reads. Work
 * that many answers do at the same moment (answers started together end together) would otherwise run back
 * to back and hold every stream's next token behind all of it.
 */
export class OneATurn {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves in a turn of its own; what the caller does synchronously after it runs in that turn. */
  turn(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // An immediate queued while immediates run waits for the next turn, after its reads.
    setImmediate(this.next);
  }

  private readonly next = (): void => {
    this.scheduled = false;
    this.waiting.shift()?.();
    if (this.waiting.length > 0) this.schedule();
  };
}

/** The ends of answers (storing the answer, then sending its last events), across the chat and Q&A streams. */
export const answerEnds = new OneATurn();
