import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The real service (`src/main.ts`) in a process of its own, as `npm start` runs it, from the TypeScript sources. */
export interface ChildService {
  process: ChildProcess;
  /** Resolves with the base URL once the service listens; rejects with its output if it exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code (and everything it wrote) once the process ends. */
  exited: Promise<{ code: number | null; output: string }>;
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts the service with `env` added to this process's environment (port 0 unless given).
 * Logs are JSON lines, so that the test can find the "listening" line; a refusal is plain text on stderr.
 */
export function startChildService(env: Record<string, string>): ChildService {
  const child = spawn(process.execPath, ['--import', './test/support/ts-register.mjs', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => {
    child.once('exit', (code) => resolve({ code, output }));
  });
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const url = /listening[^\n]*?(http:\/\/[^\s"',}]+)/.exec(output)?.[1];
      if (url) {
        child.stdout.off('data', look);
        resolve(url.replace('[::1]', '127.0.0.1'));
      }
    };
    child.stdout.on('data', look);
    void exited.then(({ code }) => reject(new Error(`the service exited (${code}) before listening:\n${output}`)));
  });
  // A refusal is expected in some tests; the rejection is read there, not left unhandled here.
  listening.catch(() => undefined);
  return {
    process: child,
    listening,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
