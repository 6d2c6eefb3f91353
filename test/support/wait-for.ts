import { setTimeout as delay } from 'node:timers/promises';

export interface WaitOptions {
  /** What is awaited, in words: the failure says it. */
  what: string;
  /** How long before giving up; 10 s unless given. */
  timeoutMs?: number;
  /** How often the condition is asked again; 20 ms unless given. */
  intervalMs?: number;
}

/**
 * Asks `condition` until it holds, and fails saying what it waited for once `timeoutMs` has passed. For states
 * that announce themselves by no event a test can await (a row another process writes, an index that finishes
 * on its own schedule, a lease that runs out): where there is an event, await it instead.
 */
export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { what, timeoutMs = 10_000, intervalMs = 20 }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}, in vain`);
    await delay(intervalMs);
  }
}

/** Awaits an event (a promise), failing saying what was awaited if it has not come within `timeoutMs`. */
export async function eventWithin<T>(event: Promise<T>, { what, timeoutMs = 10_000 }: WaitOptions): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${timeoutMs} ms for ${what}, in vain`)), timeoutMs);
  });
  try {
    return await Promise.race([event, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
