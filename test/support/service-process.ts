import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { freePort } from './postgres-instance.js';

const run = promisify(execFile);
let built: Promise<void> | undefined;

/** Compiles the service once per test run (`npm run build`'s output, `dist/`). */
export function buildService(): Promise<void> {
  built ??= run('npx', ['tsc', '-p', 'tsconfig.build.json'], { timeout: 300_000 }).then(() => undefined);
  return built;
}

/**
 * The service as production runs it: `node dist/src/main.js` in a child process, configured by environment,
 * so that a test can kill it (SIGKILL) and start it again, and read its memory.
 */
export class ServiceProcess {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  static async start(env: Record<string, string>): Promise<ServiceProcess> {
    await buildService();
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/src/main.js'], {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(child, `http://127.0.0.1:${port}`);
    await service.waitUntilHealthy();
    return service;
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

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill(signal);
    await exited;
  }

  private async waitUntilHealthy(): Promise<void> {
    for (let i = 0; i < 600; i++) {
      if (this.child.exitCode !== null) throw new Error(`service exited at start:\n${this.output}`);
      try {
        if ((await fetch(`${this.baseUrl}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`service did not become healthy:\n${this.output}`);
  }
}
