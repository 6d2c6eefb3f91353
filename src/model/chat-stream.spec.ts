import { APIError } from 'openai';
import { FakeOpenAi, type Script } from '../../test/support/fake-openai.js';
import { openChatStream, readChatChunks } from './chat-stream.js';
import { openAiClient } from './openai-client.js';

/**
 * chat-stream.ts imitates the `openai` package: its error classes and messages, and when it retries. These run
 * the imitation and the package itself against the same server and fail as soon as the package behaves otherwise.
 */
describe('the lean chat stream, next to the openai package it imitates', () => {
  const fake = new FakeOpenAi();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  const params = { model: 'fake-model', stream: true as const, messages: [{ role: 'user' as const, content: 'hi' }] };
  const lean = (maxRetries: number) =>
    openChatStream(`${fake.baseUrl}/chat/completions`, params, {
      apiKey: 'k',
      timeoutMs: 2000,
      maxRetries,
      signal: new AbortController().signal,
    });
  const official = (maxRetries: number) =>
    openAiClient({ baseUrl: fake.baseUrl, apiKey: 'k', timeoutMs: 2000, maxRetries }).chat.completions.create(params);

  /** How one attempt ends: the error's class, status and message, and how many requests it took. */
  async function outcome(open: () => Promise<unknown>, ...scripts: Script[]) {
    fake.enqueue(...scripts);
    const before = fake.requests.length;
    const error = await open().then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    return {
      kind: error?.constructor.name,
      status: error instanceof APIError ? (error.status as number | undefined) : undefined,
      message: error?.message,
      requests: fake.requests.length - before,
    };
  }

  it.each([
    [
      'a 400 naming the format',
      { failWith: { status: 400, message: "response_format 'json_schema' is not supported" } },
    ],
    ['a 429', { failWith: { status: 429, message: 'slow down' } }],
    ['a 500', { failWith: { status: 500, message: 'upstream exploded' } }],
  ])('fails on %s with the same error, status and message', async (_name, script: Script) => {
    const imitation = await outcome(() => lean(0), script);
    expect(imitation.kind).toBeDefined();
    expect(imitation).toEqual(await outcome(() => official(0), script));
  });

  it('retries a 503 as the package does, and names an unreachable server with the same class', async () => {
    const busy: Script = { failWith: { status: 503, message: 'busy', retryAfterMs: 1 } };
    const ok: Script = { content: '{"paragraphs":[]}' };
    expect(await outcome(() => lean(1), busy, ok)).toEqual(await outcome(() => official(1), busy, ok));
    expect(fake.requests.length).toBeGreaterThan(0);
    const unreachable = (open: typeof lean) => () =>
      openChatStream('http://127.0.0.1:1/v1/chat/completions', params, {
        apiKey: 'k',
        timeoutMs: 2000,
        maxRetries: 0,
        signal: new AbortController().signal,
      }).catch((error: Error) => (open === lean ? error.constructor.name : ''));
    const leanKind = await unreachable(lean)();
    const officialKind = await openAiClient({ baseUrl: 'http://127.0.0.1:1/v1', timeoutMs: 2000, maxRetries: 0 })
      .chat.completions.create(params)
      .catch((error: Error) => error.constructor.name);
    expect(leanKind).toBe(officialKind);
  });

  it('reads the same chunks as the package from one stream', async () => {
    const script: Script = { reasoning: 'hm', content: '{"paragraphs":[]}', chunkSizes: [3] };
    fake.enqueue(script);
    const leanChunks: unknown[] = [];
    await readChatChunks(await lean(0), new AbortController().signal, undefined, (chunk) => leanChunks.push(chunk));
    fake.enqueue(script);
    const officialChunks: unknown[] = [];
    for await (const chunk of await official(0)) officialChunks.push(chunk);
    expect(leanChunks.length).toBeGreaterThan(3);
    expect(leanChunks).toEqual(officialChunks);
  });
});
