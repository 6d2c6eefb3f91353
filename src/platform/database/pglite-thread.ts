import { Logger } from '@nestjs/common';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { PgliteThreadSettings, ThreadReply, ThreadRequest } from './pglite-thread-protocol.js';

/**
 * The embedded database (PGlite) in a worker thread of its own. PGlite runs PostgreSQL compiled to WebAssembly
 * synchronously: on the thread that serves HTTP, one large statement (indexing a big upload) would hold every
 * request behind it. Here the service reaches it as it reaches a PostgreSQL server, through `pg` and the wire
 * protocol, so transactions, advisory locks and the whole data access layer stay one code path; only the
 * transport differs: a MessagePort per connection instead of a socket. A port rather than a local socket
 * (as a PGlite socket server would offer) because it is reachable from this process alone, leaves no socket
 * file to clean up, and needs no further package.
 */
export class PgliteThread {
  private readonly logger = new Logger('EmbeddedDatabase');
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly exited: Promise<void>,
  ) {}

  /**
   * Starts the thread and waits until the database is open; rejects with the reason it could not open. A new
   * data directory is first created by a process of its own (pglite-initdb.ts), so that the first start's
   * memory leaves with it.
   */
  static async start(settings: PgliteThreadSettings): Promise<PgliteThread> {
    if (!existsSync(join(settings.dataDir, 'PG_VERSION'))) await createDataDir(settings.dataDir);
    const thread = await PgliteThread.spawn(settings);
    thread.watch();
    return thread;
  }

  private static async spawn(settings: PgliteThreadSettings): Promise<PgliteThread> {
    const worker = new Worker(sibling('pglite-worker'), { workerData: settings });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const thread = new PgliteThread(worker, exited);
    await new Promise<void>((resolve, reject) => {
      const onReply = (reply: ThreadReply) => {
        if (reply.type === 'ready') resolve();
        if (reply.type === 'failed') reject(new Error(reply.message));
      };
      worker.on('message', onReply);
      worker.once('error', reject);
      void exited.then(() => reject(new Error('the database thread ended before the database opened')));
    });
    return thread;
  }

  /** A new connection to the database, for `pg` (its `stream` option). */
  connect(): Duplex {
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ type: 'session', port: port2 } satisfies ThreadRequest, [port2]);
    return new PortSocket(port1);
  }

  /** Closes the database (an open transaction is rolled back) and ends the thread. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.worker.postMessage({ type: 'close' } satisfies ThreadRequest);
      await this.exited;
    })();
    return this.closing;
  }

  private watch(): void {
    this.worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'error') this.logger.error({ message: reply.message });
    });
    this.worker.on('error', (error) =>
      this.logger.error({ message: 'the database thread failed', error: error.message, stack: error.stack }),
    );
    void this.exited.then(() => {
      if (!this.closing) this.logger.error({ message: 'the database thread ended; the database is unavailable' });
    });
  }
}

/** A module next to this one: `.ts` when the sources run under a TypeScript loader (tests), else `.js`. */
function sibling(name: string): URL {
  return new URL(`./${name}.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
}

async function createDataDir(dataDir: string): Promise<void> {
  const child = fork(sibling('pglite-initdb'), [dataDir], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(stderr.trim() || `creating the database files failed (exit code ${code})`);
}

/** The socket-like stream `pg` reads and writes, carried over a MessagePort to the database thread. */
class PortSocket extends Duplex {
  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (data: Uint8Array) => this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
    port.on('close', () => {
      this.push(null);
      this.destroy();
    });
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {
    // Data arrives as the database thread sends it.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const copy = new Uint8Array(chunk);
    this.port.postMessage(copy, [copy.buffer]);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.port.postMessage('end');
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port.close();
    callback(error);
  }
}
