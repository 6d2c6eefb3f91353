import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake model does with the requests it gets: answer, hang (send nothing), or answer HTTP 500. */
export type ModelMood = 'answering' | 'hanging' | 'failing';

const TOKEN_MS = 50;
const TOKEN_CHARS = 4;
const WORDS = ['journal', 'answer', 'stream', 'paragraph', 'citation', 'replay', 'commit', 'event', 'reader', 'store'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A model speaking the OpenAI chat-completions streaming wire format at 20 tokens a second (4 characters a
 * token), each answer 3–6 paragraphs of structured output. Its mood is set by the benchmark: while it hangs,
 * every stream (those under way too) sends nothing and new requests get nothing; while it fails, new requests get
 * HTTP 500.
 */
export class FaultyModel {
  mood: ModelMood = 'answering';
  requests = 0;
  private server: Server | undefined;
  private counter = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
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
    for await (const chunk of request) void chunk;
    this.requests++;
    if (this.mood === 'failing') {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'the model server failed', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-faults',
          object: 'chat.completion.chunk',
          created: 0,
          model: 'faults',
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    const content = this.answer();
    for (let at = 0; at < content.length; at += TOKEN_CHARS) {
      while (this.mood === 'hanging' && !response.destroyed) await sleep(100);
      if (response.destroyed) return;
      send({ content: content.slice(at, at + TOKEN_CHARS) });
      await sleep(TOKEN_MS);
    }
    send({}, 'stop');
    response.end('data: [DONE]\n\n');
  }

  /** 3–6 paragraphs of 20–40 words, different for every request. */
  private answer(): string {
    const seed = ++this.counter;
    const count = 3 + (seed % 4);
    const paragraphs = Array.from({ length: count }, (_, p) => {
      const words = Array.from({ length: 20 + ((seed * 7 + p * 13) % 21) }, (_, w) => WORDS[(seed + p * 3 + w) % 10]);
      return { text: `Answer ${seed}, paragraph ${p}: ${words.join(' ')}.`, citationIds: [] };
    });
    return JSON.stringify({ paragraphs });
  }
}
