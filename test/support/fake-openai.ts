import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model server does for one request. */
export interface Script {
  /** Answer this HTTP status with an error body instead of a stream; `retryAfterMs` as `retry-after-ms`. */
  failWith?: { status: number; message: string; retryAfterMs?: number };
  /** Refuse `response_format: json_schema` with a 400, as servers without structured output do. */
  rejectJsonSchema?: boolean;
  reasoning?: string;
  content?: string;
  /** Sizes of the content chunks, cycled; random 1–12 when absent. */
  chunkSizes?: number[];
  delayMs?: number;
  finishReason?: 'stop' | 'length';
  /** Close the connection after this many content chunks, without finishing. */
  cutAfterChunks?: number;
  /** Stop sending after this many content chunks and keep the connection open. */
  stallAfterChunks?: number;
  /**
   * Where the model stops writing until the test lets it go on: before the first chunk holding any of `before`
   * (a piece of `content`), until `until` settles or the client closes the request. A model that is still
   * writing for as long as the test needs it to, with no guess at how fast anything runs.
   */
  holds?: { before: string; until: Promise<unknown> }[];
}

/** A promise the test settles when it chooses: the `until` of a {@link Script}'s hold. */
export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface RecordedRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
    stream?: boolean;
  };
  receivedAt: number;
  /** When the fake saw the client close the request; undefined while it is open. */
  closedAt?: number;
  /** Bytes of streamed chunks the client took, give or take the socket's buffers: the fake waits for a slow reader. */
  bytesTaken: number;
  /** Settles once the connection closed, whoever closed it. */
  closed: Promise<void>;
  /** Settles once the whole response was handed to the socket (never, for a stall or a cut). */
  written: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A local HTTP server speaking the OpenAI chat-completions streaming wire format (`data: {chunk}` lines and a
 * final `data: [DONE]`), replaying scripted outputs with delays, holds, cuts and stalls.
 */
export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts: Script[] = [];
  private fallback: Script = { content: '{"paragraphs":[]}' };
  private server: Server | undefined;
  private readonly awaited: { index: number; resolve(request: RecordedRequest): void }[] = [];

  get baseUrl(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Scripts for the next requests, in order; after them, `always` (or an empty answer) is used. */
  enqueue(...scripts: Script[]): void {
    for (const { holds = [], content = '' } of scripts) {
      const missing = holds.find(({ before }) => !content.includes(before));
      if (missing) throw new Error(`a hold before ${JSON.stringify(missing.before)}, which the content does not hold`);
    }
    this.scripts.push(...scripts);
  }

  /** Resolves with the request at `index` of {@link requests} (0 for the first), once the fake has received it. */
  received(index: number): Promise<RecordedRequest> {
    const request = this.requests[index];
    if (request) return Promise.resolve(request);
    return new Promise((resolve) => this.awaited.push({ index, resolve }));
  }

  always(script: Script): void {
    this.fallback = script;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    let wrote = () => undefined as void;
    let closed!: () => void;
    const recorded: RecordedRequest = {
      body: JSON.parse(raw) as RecordedRequest['body'],
      receivedAt: Date.now(),
      bytesTaken: 0,
      closed: new Promise<void>((resolve) => (closed = resolve)),
      written: new Promise<void>((resolve) => (wrote = resolve)),
    };
    this.requests.push(recorded);
    for (const waiter of this.awaited.filter((waiter) => waiter.index === this.requests.length - 1)) {
      this.awaited.splice(this.awaited.indexOf(waiter), 1);
      waiter.resolve(recorded);
    }
    response.on('close', () => {
      recorded.closedAt = Date.now();
      closed();
    });
    const script = this.scripts.shift() ?? this.fallback;

    if (script.failWith) {
      response.writeHead(script.failWith.status, {
        'Content-Type': 'application/json',
        ...(script.failWith.retryAfterMs === undefined
          ? {}
          : { 'retry-after-ms': String(script.failWith.retryAfterMs) }),
      });
      response.end(JSON.stringify({ error: { message: script.failWith.message, type: 'fake_error' } }));
      return;
    }
    if (script.rejectJsonSchema && recorded.body.response_format?.type === 'json_schema') {
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: "response_format 'json_schema' is not supported by this model" } }),
      );
      return;
    }
    if (recorded.body.stream !== true) {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: 0,
          model: recorded.body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: script.content ?? '' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 },
        }),
      );
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const send = (delta: Record<string, unknown>, finish: string | null = null, usage?: unknown) => {
      const line = `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 0,
        model: recorded.body.model,
        choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      })}\n\n`;
      recorded.bytesTaken += Buffer.byteLength(line);
      // As a real server does: a client that does not read holds the rest back.
      if (response.write(line)) return undefined;
      return new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    };
    if (script.reasoning) await send({ role: 'assistant', reasoning_content: script.reasoning });
    const content = script.content ?? '';
    const holds = (script.holds ?? []).map(({ before, until }) => ({ offset: content.indexOf(before), until }));
    holds.sort((a, b) => a.offset - b.offset);
    let at = 0;
    let index = 0;
    while (at < content.length) {
      if (response.destroyed) return;
      const size = script.chunkSizes
        ? script.chunkSizes[index % script.chunkSizes.length]!
        : 1 + Math.floor(Math.random() * 12);
      while (holds.length > 0 && holds[0]!.offset < at + size) {
        await Promise.race([holds.shift()!.until, recorded.closed]);
        if (response.destroyed) return;
      }
      const held = send({ content: content.slice(at, at + size) });
      if (held) await held;
      at += size;
      index++;
      if (script.cutAfterChunks === index) {
        // Once what was written is with the kernel (which still delivers it after the close), drop the connection
        // without finishing the response.
        await new Promise<void>((resolve) => response.write('', () => resolve()));
        response.socket?.destroy();
        return;
      }
      if (script.stallAfterChunks === index) return;
      if (script.delayMs) await sleep(script.delayMs);
    }
    await send({}, script.finishReason ?? 'stop');
    await send({}, null, { prompt_tokens: 100, completion_tokens: 40, total_tokens: 140 });
    response.end('data: [DONE]\n\n', wrote);
  }
}
