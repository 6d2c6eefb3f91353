import { Injectable } from '@nestjs/common';
import bcrypt from 'bcrypt';
import { availableParallelism } from 'node:os';
import { PasswordChecksBusyError } from './auth.errors.js';

/** bcrypt's cost, compatible with the legacy server's hashes. */
const ROUNDS = 10;
/** Checks that may wait for a free slot, per slot: at about 70 ms a check, a wait of at most about a second. */
const WAITING_PER_SLOT = 16;
/** What a refused caller is told to wait: by then the queue has had time to drain. */
const RETRY_AFTER_SECONDS = 1;

export interface HashLimits {
  /** Hashes computed at once. */
  concurrent: number;
  /** Hashes that may wait for a slot; past it, a new one is refused. */
  waiting: number;
}

/**
 * One core is left to the thread that serves HTTP: bcrypt's native binding hashes on libuv's thread pool (four
 * threads), so unbounded, a burst of logins on a two-core machine occupies every core, and every request, a
 * health probe included, waits for the event loop to get one back.
 */
export function defaultHashLimits(cores = availableParallelism()): HashLimits {
  const concurrent = Math.max(1, cores - 1);
  return { concurrent, waiting: concurrent * WAITING_PER_SLOT };
}

/**
 * Password hashes (bcrypt, compatible with the legacy server's), computed a bounded number at a time; past the
 * queue's bound a check is refused at once with {@link PasswordChecksBusyError} (with `Retry-After`) rather
 * than making every caller, and everyone else, wait longer. Cost and verification are never lowered.
 */
@Injectable()
export class PasswordHasher {
  readonly limits: HashLimits = defaultHashLimits();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  hash(password: string): Promise<string> {
    return this.inTurn(() => bcrypt.hash(password, ROUNDS));
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.inTurn(() => bcrypt.compare(password, hash));
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.waiting) throw new PasswordChecksBusyError(RETRY_AFTER_SECONDS);
      // The slot is handed over by the hash that ends, so `running` already counts this one when it resumes.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
