/**
 * The server's longest silence once its stream is open (MODEL_IDLE_TIMEOUT_MS): one timer for the whole answer,
 * pushed back at each chunk, cheaper than a timer per chunk. Time the reader holds the stream paused is not
 * the server's silence.
 */
export class IdleWatch {
  private readonly timer: NodeJS.Timeout | undefined;
  private waitingForReader = false;

  constructor(idleMs: number | undefined, onSilence: () => void) {
    this.timer =
      idleMs === undefined
        ? undefined
        : setTimeout(() => {
            if (this.waitingForReader) this.timer?.refresh();
            else onSilence();
          }, idleMs);
  }

  heard(): void {
    this.timer?.refresh();
  }

  /** Waits for the reader, or until it left: a reader that left may never be ready again. */
  async paused(waiting: Promise<void>, left: AbortSignal): Promise<void> {
    this.waitingForReader = true;
    let leaving: (() => void) | undefined;
    try {
      await Promise.race([
        waiting,
        new Promise<void>((resolve) => {
          leaving = () => resolve();
          left.addEventListener('abort', leaving, { once: true });
        }),
      ]);
    } finally {
      if (leaving) left.removeEventListener('abort', leaving);
      this.waitingForReader = false;
      this.timer?.refresh();
    }
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
