/**
 * Lets waiting pieces of work go a few per turn of the event loop, each batch after that turn's network reads.
 * Work that many answers do at the same moment (answers started together end together) would otherwise run
 * back to back and hold every stream's next token behind all of it. A backlog is spread over at most
 * `MAX_TURNS` turns, so that the last of a large one is not kept waiting for hundreds of turns either.
 */
export class TurnLane {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;
  private perTurn = 1;

  constructor(private readonly maxTurns = MAX_TURNS) {}

  /** Resolves in a later turn, with few other waiters or none; what the caller does synchronously then runs in that turn. */
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
    // The pace is set by the largest backlog seen since the lane was last empty, so that it drains in time.
    this.perTurn = Math.max(this.perTurn, Math.ceil(this.waiting.length / this.maxTurns));
    for (const resolve of this.waiting.splice(0, this.perTurn)) resolve();
    if (this.waiting.length > 0) this.schedule();
    else this.perTurn = 1;
  };
}

/** Any backlog goes within this many turns: one a turn up to this many waiting, a few a turn above. */
const MAX_TURNS = 16;

/**
 * The ends of answers, from the model's last bytes to storing the answer and sending its last events, across the
 * chat and Q&A streams (see `endInTurn`).
 */
export const answerEnds = new TurnLane();
