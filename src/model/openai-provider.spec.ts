import { lastValueFrom, toArray, type Observable } from 'rxjs';
import { CitationCatalog } from '../citation/citation-catalog.js';
import type { AppError } from '../platform/common/app-error.js';
import { loadConfig } from '../platform/config/app-config.js';
import { FakeOpenAi } from '../../test/support/fake-openai.js';
import type { ModelDelta, ModelProvider, ModelRequest } from './model-provider.js';
import { createModelProvider } from './model.module.js';

const ANSWER = '{"paragraphs":[{"text":"Numbers are given at first citation.","citationIds":["E1"]}]}';
const request = (more: Partial<ModelRequest> = {}): ModelRequest => ({
  question: 'How are citation numbers given?',
  catalog: new CitationCatalog([]),
  repair: false,
  ...more,
});
const textOf = (deltas: readonly ModelDelta[]) =>
  deltas.map((delta) => (delta.type === 'content' ? delta.text : '')).join('');
const failureOf = (stream: Observable<ModelDelta>) =>
  lastValueFrom(stream.pipe(toArray())).then(
    () => undefined,
    (error: unknown) => error as AppError,
  );

describe.each(['lean', 'openai'])(
  'the OpenAI-compatible provider read by the %s client, against a server speaking the OpenAI streaming wire format',
  (client) => {
    const fake = new FakeOpenAi();
    let provider: ModelProvider;

    const providerWith = (env: Record<string, string> = {}) =>
      createModelProvider(
        loadConfig({
          OPENAI_BASE_URL: fake.baseUrl,
          OPENAI_MODEL: 'fake-model',
          OPENAI_MAX_RETRIES: '0',
          MODEL_STREAM_CLIENT: client,
          ...env,
        }),
      );

    beforeAll(async () => {
      await fake.start();
      provider = providerWith({ MODEL_IDLE_TIMEOUT_MS: '200' });
    });
    afterAll(() => fake.stop());

    it('is the one chosen when a server is configured, and streams its reasoning, content, finish and usage', async () => {
      expect(provider.name).toBe('openai');
      expect(createModelProvider(loadConfig({})).name).toBe('offline');
      fake.enqueue({ reasoning: 'thinking', content: ANSWER, chunkSizes: [7] });
      const deltas = await lastValueFrom(provider.stream(request()).pipe(toArray()));
      expect(deltas[0]).toEqual({ type: 'reasoning', text: 'thinking' });
      expect(textOf(deltas)).toBe(ANSWER);
      expect(deltas.at(-1)).toEqual({
        type: 'finish',
        reason: 'stop',
        usage: { promptTokens: 100, completionTokens: 40, totalTokens: 140 },
      });
      expect(fake.requests.at(-1)!.body).toMatchObject({ model: 'fake-model', stream: true });
    });

    it('retries a 5xx before the stream starts, as long as OPENAI_MAX_RETRIES allows', async () => {
      const retrying = providerWith({ OPENAI_MAX_RETRIES: '1' });
      fake.enqueue({ failWith: { status: 503, message: 'busy', retryAfterMs: 1 } }, { content: ANSWER });
      const before = fake.requests.length;
      const deltas = await lastValueFrom(retrying.stream(request()).pipe(toArray()));
      expect(fake.requests.length - before).toBe(2);
      expect(textOf(deltas)).toBe(ANSWER);
    });

    it.each([
      [500, 'MODEL_UPSTREAM_ERROR', /^The model server answered 500: .*upstream exploded/],
      [429, 'MODEL_RATE_LIMITED', /rate limiting/],
    ])('turns a %i into %s', async (status, code, message) => {
      fake.enqueue({ failWith: { status, message: 'upstream exploded' } });
      const failure = await failureOf(provider.stream(request()));
      expect(failure).toMatchObject({ code });
      expect(failure!.message).toMatch(message);
    });

    it('names a server that cannot be reached', async () => {
      const down = createModelProvider(
        loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MAX_RETRIES: '0' }),
      );
      const failure = await failureOf(down.stream(request()));
      expect(failure).toMatchObject({ code: 'MODEL_UPSTREAM_ERROR' });
      expect(failure!.message).toMatch(/could not be reached/);
    });

    it('asks again with a weaker answer format when the server rejects json_schema, and remembers it', async () => {
      fake.enqueue({ content: ANSWER, rejectJsonSchema: true }, { content: ANSWER }, { content: ANSWER });
      const before = fake.requests.length;
      await lastValueFrom(provider.stream(request({ modelName: 'fake-model' })).pipe(toArray()));
      await lastValueFrom(provider.stream(request({ modelName: 'fake-model' })).pipe(toArray()));
      const formats = fake.requests.slice(before).map((sent) => sent.body.response_format?.type);
      expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
    });

    it('gives up a server silent for MODEL_IDLE_TIMEOUT_MS as MODEL_UPSTREAM_TIMEOUT, after what it sent', async () => {
      fake.enqueue({ content: ANSWER, chunkSizes: [20], stallAfterChunks: 1 });
      const seen: ModelDelta[] = [];
      const failure = await new Promise<AppError>((resolve) =>
        provider.stream(request()).subscribe({ next: (delta) => seen.push(delta), error: resolve }),
      );
      expect(failure).toMatchObject({ code: 'MODEL_UPSTREAM_TIMEOUT' });
      expect(failure.message).toMatch(/MODEL_IDLE_TIMEOUT_MS/);
      expect(textOf(seen)).toBe(ANSWER.slice(0, 20));
      await fake.requests.at(-1)!.closed;
    });

    it('reports a stream cut before its end as MODEL_STREAM_CUT, after what it sent', async () => {
      fake.enqueue({ content: ANSWER, chunkSizes: [10], cutAfterChunks: 3 });
      const seen: ModelDelta[] = [];
      const failure = await new Promise<AppError>((resolve) =>
        provider.stream(request()).subscribe({ next: (delta) => seen.push(delta), error: resolve }),
      );
      expect(failure).toMatchObject({ code: 'MODEL_STREAM_CUT' });
      expect(ANSWER.startsWith(textOf(seen))).toBe(true);
    });

    it('reads nothing more while the reader is not ready, then the rest once it is', async () => {
      // Chunks apart, so that the first arrives alone: the lean client asks `ready` once per network read.
      fake.enqueue({ content: ANSWER, chunkSizes: [10], delayMs: 20 });
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      const seen: ModelDelta[] = [];
      let firstSeen = () => undefined as void;
      const first = new Promise<void>((resolve) => (firstSeen = resolve));
      const done = new Promise<void>((resolve, reject) =>
        provider.stream(request({ ready: () => (++asked === 1 ? gate : undefined) })).subscribe({
          next: (delta) => {
            seen.push(delta);
            firstSeen();
          },
          complete: resolve,
          error: reject,
        }),
      );
      await first;
      // The whole answer is on its way (it fits the sockets' buffers), and still only the first chunk was taken.
      await fake.requests.at(-1)!.written;
      expect(textOf(seen)).toBe(ANSWER.slice(0, 10));
      release();
      await done;
      expect(textOf(seen)).toBe(ANSWER);
    });

    it('aborts the upstream request when the reader unsubscribes', async () => {
      fake.enqueue({ content: ANSWER, chunkSizes: [4], stallAfterChunks: 2 });
      const before = fake.requests.length;
      const subscription = await new Promise<{ unsubscribe(): void }>((resolve) => {
        const opened = provider.stream(request()).subscribe({ next: () => resolve(opened) });
      });
      subscription.unsubscribe();
      await fake.requests[before]!.closed;
      expect(fake.requests[before]!.closedAt).toBeDefined();
    });
  },
);
