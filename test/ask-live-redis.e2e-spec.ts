import { Redis } from 'ioredis';
import { LimiterFactory } from '../src/platform/common/rate-limiter.js';
import { askRateLimiter, RedisAskLimits } from '../src/answer/ask-limits.js';
import { FakeOpenAi, gate } from './support/fake-openai.js';
import { startApp, startWithModel, type RunningApp } from './support/app.js';
import { answerText, followStream, legacyAnswerText, reachedId } from './support/sse-client.js';
import { eventWithin, waitFor } from './support/wait-for.js';

/**
 * With REDIS_URL, instances signal each other through Redis: a reader on one instance follows an answer
 * another instance writes, and a stop asked on one reaches the writer. The one-answer lock lives on a lease.
 */
const REDIS_URL = process.env.TEST_REDIS_URL_LIVE ?? 'redis://127.0.0.1:6379/11';
const QUESTION = 'How are citation numbers given?';
/** An answer whose model is held before paragraph 4 until `until`: still being written while the test acts. */
const heldAnswer = (until: Promise<unknown>) => ({
  content: JSON.stringify({
    paragraphs: Array.from({ length: 12 }, (_, i) => ({ text: `Paragraph ${i} of a slow answer.`, citationIds: [] })),
  }),
  chunkSizes: [8],
  holds: [{ before: 'Paragraph 4 ', until }],
});

describe('live answers across instances, with Redis', () => {
  const fake = new FakeOpenAi();
  const redis = new Redis(REDIS_URL);
  let first: RunningApp;
  let second: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    await redis.flushdb();
    const env = { REDIS_URL, ASK_RATE_LIMIT_PER_MINUTE: '1000', ASK_REPAIR_RETRY: 'false', JOURNAL_FLUSH_MS: '50' };
    ({ server: first, token, conversation } = await startWithModel(fake, env));
    second = await startApp({ ...env, DATABASE_URL: first.database!.url, OPENAI_BASE_URL: fake.baseUrl });
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.stop();
    await redis.flushdb();
    redis.disconnect();
  });

  const startAnswer = async () => {
    const response = await fetch(`${first.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ conversationUuid: conversation, prompt: QUESTION }),
    });
    return { answerUuid: response.headers.get('x-answer-uuid')!, reply: followStream(response) };
  };

  it('follows on another instance an answer this one writes', async () => {
    const model = gate();
    fake.enqueue(heldAnswer(model.opened));
    const { answerUuid, reply } = await startAnswer();
    await reply.until(answerText, 'the first text of the answer');
    const resumed = followStream(
      await fetch(`${second.baseUrl}/conversation/message/stream/${answerUuid}?lastEventId=2`, {
        headers: { Authorization: token },
      }),
    );
    // Caught up with what was written while the model is held; the rest it follows as it is written.
    await resumed.until(reachedId(3), 'event 3, replayed on the other instance');
    model.open();
    const [original, other] = await Promise.all([reply.finished, resumed.finished]);
    expect(original.events.at(-1)!.event).toBe('[DONE]');
    expect(other.events).toEqual(original.events.slice(2));
  });

  it('stops, from another instance, an answer this one writes', async () => {
    // The model is never let go: the stop must end the answer while the model is still writing it.
    fake.enqueue(heldAnswer(gate().opened));
    const { answerUuid, reply } = await startAnswer();
    await reply.until(answerText, 'the first text of the answer');
    await fetch(`${second.baseUrl}/conversation/message/stop/${answerUuid}`, {
      method: 'POST',
      headers: { Authorization: token },
    });
    // The model is held: only the stop can end the stream.
    const live = await eventWithin(reply.finished, { what: 'the live stream to end after the stop' });
    expect(live.events.at(-1)!.event).toBe('[DONE]');
    expect(live.events.filter((event) => event.event === undefined).length).toBeLessThan(12 * 4);
    expect(legacyAnswerText(live.events)).not.toContain('Paragraph 4 ');
  });

  it('frees the lock of a holder that stops renewing it within its lease, and refuses none that renews', async () => {
    const limits = new RedisAskLimits(redis, askRateLimiter(new LimiterFactory({ redis }), 10));
    const lock = await limits.acquire('42', 300);
    expect(lock).toBeDefined();
    expect(await limits.acquire('42', 300)).toBeUndefined();
    // Renewed for a lease far longer than the first: the lock outlives the first lease, and is still held.
    expect((await limits.renewMany([lock!], 60_000)).has(lock!.holder)).toBe(true);
    expect(await redis.pttl('ask:lock:42')).toBeGreaterThan(30_000);
    expect(await limits.acquire('42', 300)).toBeUndefined();
    // Renewed for a short lease, then not since: the dead holder's lock is gone once that lease ran out.
    expect((await limits.renewMany([lock!], 300)).has(lock!.holder)).toBe(true);
    const next = await waitFor(() => limits.acquire('42', 1500), {
      what: 'the lock whose 300 ms lease was not renewed to be free',
      timeoutMs: 5_000,
    });
    // And its late renewal fails.
    expect((await limits.renewMany([lock!], 1500)).has(lock!.holder)).toBe(false);
    expect(await limits.renewMany([lock!, next], 1500)).toEqual(new Set([next.holder]));
    await next.release();
  });
});
