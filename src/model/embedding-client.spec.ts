import { FakeEmbeddings } from '../../test/support/fake-embeddings.js';
import type { EmbeddingSettings } from '../platform/config/app-config.js';
import { EmbeddingClient, retryAfterMs, type RetryNotice } from './embedding-client.js';

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('Thu, 26 Nov 2026 10:00:00 GMT');
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('EmbeddingClient against an OpenAI-compatible /embeddings', () => {
  const fake = new FakeEmbeddings([['cat', 'feline']]);
  let settings: EmbeddingSettings;
  const waits: number[] = [];
  // The client's own wait between attempts, recorded instead of waited: the test needs no clock.
  const client = (more: Partial<EmbeddingSettings> = {}) =>
    new EmbeddingClient({ ...settings, ...more }, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });

  beforeAll(async () => {
    await fake.start();
    settings = {
      baseUrl: fake.baseUrl,
      apiKey: undefined,
      model: 'fake-synonyms',
      dimensions: fake.dimensions,
      batchSize: 8,
      timeoutMs: 2000,
      queryTimeoutMs: 2000,
      maxRetries: 2,
    };
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.behave = () => ({ kind: 'ok' });
    waits.length = 0;
  });

  it('embeds a batch in order, with the model, and sends a key only when there is one', async () => {
    const vectors = await client().embedBatch(['a cat', 'a feline', 'a car']);
    expect(vectors).toEqual(['a cat', 'a feline', 'a car'].map((text) => fake.vectorOf(text)));
    expect(fake.requests.at(-1)).toEqual({ model: 'fake-synonyms', input: ['a cat', 'a feline', 'a car'] });
    await client({ apiKey: 'secret' }).embedQuestion('cat');
    expect(fake.requests.at(-1)!.authorization).toBe('Bearer secret');
  });

  it('waits as Retry-After asks on 429, and says so to the caller', async () => {
    let refused = 0;
    fake.behave = () => (refused++ < 1 ? { kind: 'status', status: 429, retryAfter: '3' } : { kind: 'ok' });
    const notices: RetryNotice[] = [];
    await client().embedBatch(['cat'], (notice) => notices.push(notice));
    expect(waits).toEqual([3000]);
    expect(notices).toMatchObject([{ attempt: 1, waitMs: 3000, error: { code: 'EMBEDDING_RATE_LIMITED' } }]);
  });

  it('gives up after EMBEDDING_MAX_RETRIES, naming the endpoint: down, or answering an error', async () => {
    fake.behave = () => ({ kind: 'cut' });
    await expect(client().embedBatch(['cat'])).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
      message: expect.stringMatching(/\/embeddings could not be reached .*EMBEDDING_BASE_URL/) as unknown,
    });
    expect(waits).toEqual([500, 1000]);
    fake.behave = () => ({ kind: 'status', status: 500 });
    await expect(client({ maxRetries: 0 }).embedBatch(['cat'])).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
      message: expect.stringMatching(/answered 500: .*EMBEDDING_MODEL/) as unknown,
    });
  });

  it('names the right EMBEDDING_DIMENSIONS when the server answers another length, without retrying', async () => {
    fake.behave = () => ({ kind: 'dimensions', dimensions: 3 });
    await expect(client().embedBatch(['cat'])).rejects.toMatchObject({
      code: 'EMBEDDING_BAD_RESPONSE',
      message: expect.stringMatching(/EMBEDDING_DIMENSIONS=3/) as unknown,
    });
    expect(waits).toEqual([]);
  });

  it('gives up a question whose embedding takes longer than EMBEDDING_QUERY_TIMEOUT_MS', async () => {
    let answer = () => undefined as void;
    fake.behave = () => ({ kind: 'held', until: new Promise<void>((resolve) => (answer = resolve)) });
    await expect(client({ queryTimeoutMs: 50 }).embedQuestion('cat')).rejects.toMatchObject({
      code: 'EMBEDDING_UNAVAILABLE',
      message: expect.stringMatching(/did not answer within 50 ms/) as unknown,
    });
    answer();
  });
});
