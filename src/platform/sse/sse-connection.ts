import type { IncomingMessage, ServerResponse } from 'node:http';
import { sseComment } from './sse-frames.js';

/** The most Node's chunked transfer encoding adds to one write: its size line (up to 8 hex digits) and two line ends. */
const CHUNK_FRAMING_BYTES = 12;

export interface SseConnectionOptions {
  heartbeatMs: number;
  /** Unsent bytes (ours and the socket's) above which the writer should wait before producing more. */
  maxUnsentBytes?: number;
  /** A client that has not taken its unsent bytes below the bound for this long is dropped. */
  stallTimeoutMs?: number;
}

/**
 * One Server-Sent Events response. Headers go out with the first frame, exactly as legacy clients compare them
 * (`text/event-stream`, no charset). Heartbeat comments go out when nothing else has for a while. `closed`
 * turns true, and `onClose` handlers run, when the client goes away or the stream ends.
 *
 * Backpressure: `write` queues, and `ready()` tells the producer to wait while the client has more than
 * `maxUnsentBytes` it has not taken; a client that stays over the bound past `stallTimeoutMs` is dropped
 * (`stalled` turns true).
 */
export class SseConnection {
  private opened = false;
  private pending = '';
  private ended = false;
  private lastWrite = Date.now();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly closeHandlers: (() => void)[] = [];
  private readonly headers: Record<string, string> = {};
  private readonly maxUnsentBytes: number;
  private readonly stallTimeoutMs: number;
  private waiting: Promise<void> | undefined;
  private handedBytes = 0;
  private pendingBytes = 0;
  /** Bytes handed to the response, with what chunked encoding adds to each write at most. */
  private handedWithFraming = 0;
  /** The response's queue, and `handedWithFraming`, when `unsentBytes` was last read (before: room for the head). */
  private queuedAtCheck = 1024;
  private handedAtCheck = 0;
  /** Bytes of every frame written so far, heartbeats included. */
  writtenBytes = 0;
  /** The client stopped taking data and was dropped. */
  stalled = false;

  constructor(
    request: IncomingMessage,
    private readonly response: ServerResponse,
    options: SseConnectionOptions | number,
  ) {
    const settings = typeof options === 'number' ? { heartbeatMs: options } : options;
    this.heartbeatMs = settings.heartbeatMs;
    this.maxUnsentBytes = settings.maxUnsentBytes ?? 256 * 1024;
    this.stallTimeoutMs = settings.stallTimeoutMs ?? 60_000;
    // 'close' on the response fires when the socket closes, whether the client left or the stream ended.
    response.on('close', () => this.closeOnce());
    request.socket.setNoDelay(true);
  }

  private readonly heartbeatMs: number;

  get closed(): boolean {
    return this.ended;
  }

  onClose(handler: () => void): void {
    if (this.ended) handler();
    else this.closeHandlers.push(handler);
  }

  /** Sets a response header; only before the first frame. */
  setHeader(name: string, value: string): void {
    if (!this.opened) this.headers[name] = value;
  }

  /**
   * Queues frames; everything queued in one turn of the event loop goes out in one socket write. One model
   * chunk often yields several events (text, a line break, a paragraph), and a write each would cost a system
   * call each (and Node's chunked encoding frames each write). False when the connection is closed and the
   * frames went nowhere. `frames` are whole frames or comments: their byte lengths, summed, are what the client
   * is counted as having received, which a surrogate pair split across two writes would make wrong.
   */
  write(frames: string): boolean {
    if (this.ended) return false;
    if (frames.length === 0) return true;
    if (!this.opened) this.open();
    if (this.pending === '') queueMicrotask(this.flush);
    this.pending += frames;
    const bytes = Buffer.byteLength(frames);
    this.pendingBytes += bytes;
    this.writtenBytes += bytes;
    this.lastWrite = Date.now();
    return true;
  }

  /** Bytes queued here or in the socket that the client has not taken yet. */
  get unsentBytes(): number {
    const queued = this.response.writableLength ?? 0;
    this.queuedAtCheck = queued;
    this.handedAtCheck = this.handedWithFraming;
    return this.pendingBytes + queued;
  }

  /**
   * What `unsentBytes` can be at most, without asking the response: what its queue held when last asked, plus
   * everything handed to it since. Asking costs a walk through the response's and the socket's getters, and
   * `ready()` is asked after every piece of the model's stream.
   */
  private get unsentBytesAtMost(): number {
    return this.pendingBytes + this.queuedAtCheck + (this.handedWithFraming - this.handedAtCheck);
  }

  /** Bytes of frames the client has taken (handed to the operating system): what it can have received. */
  get deliveredBytes(): number {
    return this.handedBytes - (this.response.writableLength ?? 0);
  }

  /**
   * Undefined when the client can take more now; otherwise a promise that settles once it has taken enough,
   * or once the connection closed (dropped as stalled after `stallTimeoutMs`).
   */
  ready(): Promise<void> | undefined {
    if (this.ended || this.unsentBytesAtMost <= this.maxUnsentBytes) return undefined;
    if (this.unsentBytes <= this.maxUnsentBytes) return undefined;
    this.waiting ??= new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(stall);
        this.response.off('drain', check);
        this.waiting = undefined;
        resolve();
      };
      const check = () => {
        if (this.ended || this.unsentBytes <= this.maxUnsentBytes) done();
      };
      const stall = setTimeout(() => {
        this.stalled = true;
        this.response.destroy();
        this.closeOnce();
        done();
      }, this.stallTimeoutMs);
      this.response.on('drain', check);
      this.onClose(done);
    });
    return this.waiting;
  }

  end(): void {
    if (this.ended) return;
    if (!this.opened) this.open();
    this.flush();
    this.response.end();
    this.closeOnce();
  }

  private readonly flush = (): void => {
    if (this.pending === '') return;
    const frames = this.pending;
    this.pending = '';
    const bytes = this.pendingBytes;
    this.pendingBytes = 0;
    if (this.ended) return;
    this.handedBytes += bytes;
    this.handedWithFraming += bytes + CHUNK_FRAMING_BYTES;
    this.response.write(frames);
  };

  private open(): void {
    this.opened = true;
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      ...this.headers,
    });
    if (this.heartbeatMs > 0) {
      this.heartbeat = setInterval(() => this.beat(), Math.max(10, Math.floor(this.heartbeatMs / 2)));
      this.heartbeat.unref();
    }
  }

  private beat(): void {
    if (Date.now() - this.lastWrite >= this.heartbeatMs) this.write(sseComment('heartbeat'));
  }

  private closeOnce(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (this.ended) return;
    this.ended = true;
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
