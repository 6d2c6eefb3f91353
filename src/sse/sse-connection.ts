import type { IncomingMessage, ServerResponse } from 'node:http';
import { sseComment } from './sse-frames.js';

/**
 * One Server-Sent Events response. Headers go out with the first frame, exactly as legacy clients compare them
 * (`text/event-stream`, no charset). Heartbeat comments go out when nothing else has for a while. `closed`
 * turns true, and `onClose` handlers run, when the client goes away or the stream ends.
 */
export class SseConnection {
  private opened = false;
  private pending = '';
  private ended = false;
  private lastWrite = Date.now();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly closeHandlers: (() => void)[] = [];

  constructor(
    request: IncomingMessage,
    private readonly response: ServerResponse,
    private readonly heartbeatMs: number,
  ) {
    // 'close' on the response fires when the socket closes, whether the client left or the stream ended.
    response.on('close', () => this.closeOnce());
    request.socket.setNoDelay(true);
  }

  get closed(): boolean {
    return this.ended;
  }

  onClose(handler: () => void): void {
    if (this.ended) handler();
    else this.closeHandlers.push(handler);
  }

  /**
   * Queues frames; everything queued in one turn of the event loop goes out in one socket write. One model
   * chunk often yields several events (text, a line break, a paragraph), and a write each would cost a system
   * call each.
   */
  write(frames: string): void {
    if (this.ended || frames.length === 0) return;
    if (!this.opened) this.open();
    if (this.pending === '') queueMicrotask(this.flush);
    this.pending += frames;
    this.lastWrite = Date.now();
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
    if (!this.ended) this.response.write(frames);
  };

  private open(): void {
    this.opened = true;
    this.response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
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
