/**
 * The CPU time of the PostgreSQL server's processes on this machine, read from /proc: what the database spends
 * on the endpoint's statements, beside what the endpoint spends on them. PGlite runs inside the application's
 * own process, so there are none to read then (and none where there is no /proc).
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The PostgreSQL processes of this machine; with `database`, only the backends connected to that database (their
 * process title names it), leaving out the server's background work, such as autovacuum, which comes and goes.
 */
export function databaseProcesses(database?: string): string[] {
  try {
    return readdirSync('/proc').filter((pid) => {
      try {
        if (!/^\d+$/.test(pid) || !readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) return false;
        return database === undefined || readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `);
      } catch {
        return false; // the process ended meanwhile
      }
    });
  } catch {
    return [];
  }
}

/** How long each of the given processes has run, in µs, to the nanosecond (from /proc/<pid>/schedstat). */
export function cpuReadings(pids: readonly string[]): Map<string, number> {
  const readings = new Map<string, number>();
  for (const pid of pids) {
    try {
      readings.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000);
    } catch {
      // the process ended meanwhile
    }
  }
  return readings;
}

/**
 * The CPU time the processes took between two readings, in µs. A process that ended in between is left out (its
 * last moments with it) rather than taking its whole life off the sum; one that started counts from its start.
 */
export function cpuBetween(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): number {
  let micros = 0;
  for (const [pid, ran] of after) micros += ran - (before.get(pid) ?? 0);
  return micros;
}
