/** Allows one answer at a time per key; `tryAcquire` returns the release function, or undefined when busy. */
export interface InFlightGuard {
  tryAcquire(key: string): Promise<(() => Promise<void>) | undefined>;
}

export const IN_FLIGHT_GUARD = Symbol('IN_FLIGHT_GUARD');

/** In one process's memory: right for a single instance. */
export class LocalInFlightGuard implements InFlightGuard {
  private readonly busy = new Set<string>();

  tryAcquire(key: string): Promise<(() => Promise<void>) | undefined> {
    if (this.busy.has(key)) return Promise.resolve(undefined);
    this.busy.add(key);
    return Promise.resolve(() => {
      this.busy.delete(key);
      return Promise.resolve();
    });
  }
}
