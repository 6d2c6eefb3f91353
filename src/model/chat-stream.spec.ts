import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIError } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { openChatStream, readChatChunks, StreamIdleTimeout } from './chat-stream.js';

type Handler = (response: ServerResponse, attempt: number) => void;

describe('chat stream reader', () => {
  let server: Server;
  let url: string;
  let handler: Handler;
  let attempts = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => handler(response, ++attempts));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => (attempts = 0));

  const options = (maxRetries: number) => ({
    apiKey: 'k',
    timeoutMs: 2000,
    maxRetries,
    signal: new AbortController().signal,
  });
  const chunk = (content: string, finish: string | null = null) =>
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

  it('retries a 5xx before the stream starts, honouring retry-after-ms, then reads every chunk', async () => {
    handler = (response, attempt) => {
      if (attempt === 1) {
        response.writeHead(503, { 'retry-after-ms': '10' }).end('{"error":{"message":"busy"}}');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // One event split across writes, and two events in one write.
      response.write('data: {"choices":[{"index":0,"delta":{"content":"Hel');
      setTimeout(() => response.end(`lo"},"finish_reason":null}]}\n\n${chunk('!', 'stop')}data: [DONE]\n\n`), 5);
    };
    const response = await openChatStream(url, {}, options(1));
    const seen: ChatCompletionChunk[] = [];
    await readChatChunks(response, new AbortController().signal, undefined, (value) => seen.push(value));
    expect(attempts).toBe(2);
    expect(seen.map((value) => value.choices[0]!.delta.content)).toEqual(['Hello', '!']);
    expect(seen[1]!.choices[0]!.finish_reason).toBe('stop');
  });

  it('fails with the status and the upstream message once the retries are spent', async () => {
    handler = (response) => response.writeHead(500).end('{"error":{"message":"upstream exploded"}}');
    const failure = await openChatStream(url, {}, options(0)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIError);
    expect((failure as APIError).status).toBe(500);
    expect((failure as APIError).message).toBe('500 upstream exploded');
    expect(attempts).toBe(1);
  });

  it('reads nothing more while the reader is not ready, and rejects a stream cut before its end', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    handler = (response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(chunk('a'));
      setTimeout(() => response.write(chunk('b')), 20);
      setTimeout(() => response.socket?.destroy(), 200);
    };
    const response = await openChatStream(url, {}, options(0));
    const seen: string[] = [];
    let asked = 0;
    const reading = readChatChunks(
      response,
      new AbortController().signal,
      () => (++asked === 1 ? gate : undefined),
      (value) => seen.push(value.choices[0]!.delta.content!),
    ).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual(['a']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['a', 'b']);
    expect(await reading).toBeInstanceOf(Error);
  });

  it('gives up a stream that stays silent for idleMs, but not while the reader itself holds it paused', async () => {
    handler = (response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(chunk('a'));
    };
    const silent = await openChatStream(url, {}, options(0));
    const failure = await readChatChunks(silent, new AbortController().signal, undefined, () => undefined, 50).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StreamIdleTimeout);

    handler = (response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(chunk('a'));
      setTimeout(() => response.end(`${chunk('b', 'stop')}data: [DONE]\n\n`), 20);
    };
    const paused = await openChatStream(url, {}, options(0));
    const seen: string[] = [];
    let asked = 0;
    // The reader is not ready for six idle periods after the first chunk.
    const slowReader = () => (++asked === 1 ? new Promise<void>((resolve) => setTimeout(resolve, 300)) : undefined);
    await readChatChunks(
      paused,
      new AbortController().signal,
      slowReader,
      (value) => {
        seen.push(value.choices[0]!.delta.content!);
      },
      50,
    );
    expect(seen).toEqual(['a', 'b']);
  });
});
