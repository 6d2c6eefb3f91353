import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let built: Promise<void> | undefined;

/** Compiles the service once per test run (`npm run build`'s server output, `dist/`). */
function buildService(): Promise<void> {
  built ??= run('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, timeout: 300_000 }).then(() => undefined);
  return built;
}

export interface ServiceOptions {
  /**
   * `sources` (the default) runs `src/main.ts` through the TypeScript hooks in ts-register.mjs: no build step
   * before the tests. `dist` runs `node dist/src/main.js` as production does, compiling once per test run.
   */
  from?: 'sources' | 'dist';
}

/**
 * The real service in a process of its own, configured by environment, so that a test can see a start refused,
 * kill it (SIGKILL) and start it again, and read its memory. Logs are JSON lines, so that the "listening" line
 * (and with it the port, 0 unless given) can be found; a refused start is plain text on stderr.
 */
export class ServiceProcess {
  /** Resolves with the base URL once the service listens; rejects with its output if it exits first. */
  readonly listening: Promise<string>;
  /** Resolves with the exit code and everything the process wrote, once it ends and its output is read. */
  readonly exited: Promise<{ code: number | null; output: string }>;
  private output = '';
  private url: string | undefined;

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (this.output += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (this.output += text));
    this.exited = new Promise((resolve) => child.once('close', (code) => resolve({ code, output: this.output })));
    this.listening = new Promise<string>((resolve, reject) => {
      const look = () => {
        const url = /listening[^\n]*?(http:\/\/[^\s"',}]+)/.exec(this.output)?.[1];
        if (!url) return;
        child.stdout!.off('data', look);
        this.url = url.replace('[::1]', '127.0.0.1');
        resolve(this.url);
      };
      child.stdout!.on('data', look);
      void this.exited.then(({ code, output }) =>
        reject(new Error(`the service exited (${code}) before listening:\n${output}`)),
      );
    });
    // A refused start is what some tests expect; they read the rejection, it is not left unhandled here.
    this.listening.catch(() => undefined);
  }

  /** Starts the process with `env` added to this process's environment, without waiting for it to listen. */
  static async spawn(env: Record<string, string>, options: ServiceOptions = {}): Promise<ServiceProcess> {
    if (options.from === 'dist') await buildService();
    const entry =
      options.from === 'dist' ? ['dist/src/main.js'] : ['--import', './test/support/ts-register.mjs', 'src/main.ts'];
    const child = spawn(process.execPath, entry, {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, LOG_FORMAT: 'json', LOG_LEVEL: 'log' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ServiceProcess(child);
  }

  /** Starts the process and waits until it listens. */
  static async start(env: Record<string, string>, options: ServiceOptions = {}): Promise<ServiceProcess> {
    const service = await ServiceProcess.spawn(env, options);
    await service.listening;
    return service;
  }

  /** `http://127.0.0.1:port`, once the service listens. */
  get baseUrl(): string {
    if (this.url === undefined) throw new Error('the service is not listening (yet)');
    return this.url;
  }

  /** Resolves once the service has written a line matching `pattern` (at once if it has). */
  logged(pattern: RegExp): Promise<void> {
    return new Promise((resolve, reject) => {
      const look = () => {
        if (!pattern.test(this.output)) return;
        this.child.stdout!.off('data', look);
        resolve();
      };
      this.child.stdout!.on('data', look);
      void this.exited.then(({ output }) =>
        reject(new Error(`the service exited without logging ${pattern}:\n${output}`)),
      );
      look();
    });
  }

  /** What the service wrote to stdout and stderr: its logs. */
  get logs(): string {
    return this.output;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Resident memory of the process, in bytes. */
  async rss(): Promise<number> {
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  }

  /** Sends `signal` (SIGKILL unless given) and waits for the exit; nothing if the process has ended. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }

  /** A graceful stop: SIGTERM, then waits for the exit. */
  stop(): Promise<void> {
    return this.kill('SIGTERM');
  }
}
