/**
 * With `BENCH_DIAG=1`, the benchmark server reports on stderr, once a second while it is busy, how long its
 * event loop kept callbacks waiting (p50, p99 and the longest wait) and every collection that paused it for
 * more than 5 ms: what turns into paragraph delay.
 */
import { monitorEventLoopDelay, performance, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

const GC_KINDS: Record<number, string> = {
  1: 'scavenge',
  2: 'minor mark-sweep',
  4: 'mark-compact',
  8: 'incremental',
  16: 'weak callbacks',
};

export function watchEventLoop(): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let utilization = performance.eventLoopUtilization();
  setInterval(() => {
    const since = performance.eventLoopUtilization(utilization);
    utilization = performance.eventLoopUtilization();
    const ms = (nanos: number) => (nanos / 1e6).toFixed(1);
    if (since.utilization > 0.2) {
      process.stderr.write(
        `event loop: busy ${(since.utilization * 100).toFixed(0)}%, delay p50 ${ms(delay.percentile(50))} ` +
          `p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms\n`,
      );
    }
    delay.reset();
  }, 1000).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (entry.duration > 5) process.stderr.write(`gc: ${GC_KINDS[kind] ?? kind} ${entry.duration.toFixed(1)} ms\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}
