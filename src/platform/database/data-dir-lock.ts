import { accessSync, constants, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isProcessAlive } from '../common/process-alive.js';

/** The embedded database's directory cannot be created, read or written. */
export class DataDirUnusableError extends Error {
  readonly code = 'DATA_DIR_UNUSABLE';
  constructor(path: string, reason: string) {
    super(
      `DATA_DIR=${path} cannot be used for the embedded database: ${reason}. ` +
        'Point DATA_DIR at a directory this process may create and write, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

/** Another live process has the embedded database open. */
export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(path: string, pid: number) {
    super(
      `DATA_DIR=${path} is in use by another process (pid ${pid}). The embedded database belongs to one process: ` +
        'stop that one, or give this one another DATA_DIR. To run several instances, use a PostgreSQL server (DATABASE_URL).',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = 'citation-stream.pid';
/** Directories this process holds: a pid file cannot tell a second open in the same process. */
const heldHere = new Set<string>();

function reasonOf(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code} (${message})` : String(error);
}

/**
 * Makes sure `dataDir` is a writable directory and takes it for this process: a lock file holds the holder's
 * pid. A lock left by a process that is gone (a crash, a kill -9) is taken over; one held by a live process
 * refuses the start at once, because two PGlite instances on one directory overwrite each other's writes.
 * The lock is removed on release and, as a last resort, when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = resolve(dataDir);
  try {
    mkdirSync(path, { recursive: true });
    if (!statSync(path).isDirectory()) throw new Error('it is not a directory');
    accessSync(path, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new DataDirUnusableError(path, reasonOf(error));
  }
  if (heldHere.has(path)) throw new DataDirLockedError(path, process.pid);
  const lockFile = join(path, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
        throw new DataDirUnusableError(path, `the lock file ${lockFile} cannot be written: ${reasonOf(error)}`);
      }
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder))
        throw new DataDirLockedError(path, holder);
      // Stale: its holder is gone (or had our pid, as a restarted container's first process does). Remove it and try once more (a racing starter then wins or loses cleanly).
      rmSync(lockFile, { force: true });
    }
  }
  const release = () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  heldHere.add(path);
  process.once('exit', release);
  return {
    release: () => {
      process.removeListener('exit', release);
      heldHere.delete(path);
      release();
    },
  };
}
