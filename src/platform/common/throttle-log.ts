/** How long refused attempts are counted before their line is written. */
export const THROTTLE_LOG_WINDOW_MS = 10_000;
/** Addresses counted one by one in a window: a flood from more addresses is still counted, not all named. */
const ADDRESSES_COUNTED = 1_000;
/** Addresses a line names, the most refused first. */
const ADDRESSES_NAMED = 5;

/** One attempt a throttle refused. */
export interface RefusedAttempt {
  address: string;
  /** Which allowance ran out, when the throttle has more than one. */
  reason?: string;
  retryAfterSeconds: number;
}

/** Where the lines go: a Nest `Logger`. */
export interface WarnLogger {
  warn(message: object): void;
}

/** The refusals of one window. */
class Tally {
  attempts = 0;
  longestRetryAfterSeconds = 0;
  readonly reasons = new Map<string, number>();
  readonly byAddress = new Map<string, number>();
  /** Attempts from addresses past {@link ADDRESSES_COUNTED}: counted, not named. */
  fromUncountedAddresses = 0;

  add({ address, reason, retryAfterSeconds }: RefusedAttempt): void {
    this.attempts++;
    this.longestRetryAfterSeconds = Math.max(this.longestRetryAfterSeconds, retryAfterSeconds);
    if (reason !== undefined) this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
    const seen = this.byAddress.get(address);
    if (seen !== undefined || this.byAddress.size < ADDRESSES_COUNTED) this.byAddress.set(address, (seen ?? 0) + 1);
    else this.fromUncountedAddresses++;
  }

  line(message: string): object {
    const top = [...this.byAddress]
      .sort((a, b) => b[1] - a[1])
      .slice(0, ADDRESSES_NAMED)
      .map(([address, attempts]) => ({ address, attempts }));
    return {
      message,
      attempts: this.attempts,
      addresses: this.byAddress.size,
      ...(this.fromUncountedAddresses > 0 ? { fromUncountedAddresses: this.fromUncountedAddresses } : {}),
      top,
      ...(this.reasons.size > 0 ? { reasons: Object.fromEntries(this.reasons) } : {}),
      retryAfterSeconds: this.longestRetryAfterSeconds,
    };
  }
}

/**
 * Logs the attempts a throttle refuses as one warning per window with their count, not one per attempt: a flood
 * of guesses would otherwise be as many lines, each a synchronous write to stdout by the thread that also answers
 * `/health`, and a log an operator cannot read. The first refusal after a quiet window is written at once, so
 * that the log shows when a flood begins; the window after it is counted and written as one line when it ends
 * (the attempts, how many addresses, the most refused ones, why, and the longest wait told).
 */
export class ThrottleLog {
  private tally = new Tally();
  /** Set while a window is open; a refusal with none open is the first after a quiet window. */
  private windowEnd: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: WarnLogger,
    private readonly message: string,
    private readonly windowMs = THROTTLE_LOG_WINDOW_MS,
  ) {}

  refused(attempt: RefusedAttempt): void {
    this.tally.add(attempt);
    if (this.windowEnd) return;
    this.write();
    this.openWindow();
  }

  /** Writes what the open window counted so far, and closes it: at shutdown, so that no count is lost. */
  flush(): void {
    clearTimeout(this.windowEnd);
    this.windowEnd = undefined;
    if (this.tally.attempts > 0) this.write();
  }

  private openWindow(): void {
    // Unref'd: a window still open never keeps the process alive.
    this.windowEnd = setTimeout(() => this.closeWindow(), this.windowMs).unref();
  }

  private closeWindow(): void {
    this.windowEnd = undefined;
    // A quiet window leaves none open: the next refusal is written at once.
    if (this.tally.attempts === 0) return;
    this.write();
    this.openWindow();
  }

  private write(): void {
    this.logger.warn(this.tally.line(this.message));
    this.tally = new Tally();
  }
}
