import { Redis } from 'ioredis';
import { FakeOpenAi, gate } from './support/fake-openai.js';
import { startApp, type RunningApp } from './support/app.js';
import { ask } from './support/sse-client.js';
import { eventWithin } from './support/wait-for.js';

/**
 * Two instances on one database, as behind a load balancer: login tokens, the one-answer-in-flight lock and the
 * per-minute limit hold across them, kept in PostgreSQL by default and in Redis with REDIS_URL.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';

describe.each([
  ['PostgreSQL', {}],
  ['Redis', { REDIS_URL }],
])('shared limits kept in %s', (store, extraEnv: Record<string, string>) => {
  const fake = new FakeOpenAi();
  const redis = store === 'Redis' ? new Redis(REDIS_URL) : undefined;
  let first: RunningApp;
  let second: RunningApp;

  beforeAll(async () => {
    await redis?.flushdb();
    await fake.start();
    const env = { ...extraEnv, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MAX_RETRIES: '0', ASK_RATE_LIMIT_PER_MINUTE: '3' };
    first = await startApp(env);
    second = await startApp({ ...env, DATABASE_URL: first.database!.url });
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.stop();
    redis?.disconnect();
  });

  it('accepts a token on every instance', async () => {
    const token = await first.login();
    if (redis) expect(await redis.pttl(`user:token:${token}`)).toBeGreaterThan(0);
    const response = await fetch(`${second.baseUrl}/conversation/list`, { headers: { Authorization: token } });
    expect(response.status).toBe(200);
  });

  it('refuses a second answer in flight on another instance, and limits questions per minute', async () => {
    // The limit counts in one-minute windows that start at the user's first counted question (the limiter's
    // fixed window), so the four questions below, seconds apart, fall in one.
    const token = await first.login();
    const conversation = await first.firstConversation(token);
    const body = { conversationUuid: conversation, prompt: 'How are numbers given?' };
    // The first answer's model is held until the second question has been refused: the answer is in flight.
    const refusedMeanwhile = gate();
    fake.enqueue({
      content: '{"paragraphs":[{"text":"Slowly.","citationIds":[]}]}',
      chunkSizes: [2],
      holds: [{ before: 'Slowly', until: refusedMeanwhile.opened }],
    });
    const asked = fake.received(fake.requests.length);
    const slow = ask(first.baseUrl, token, body);
    // The first answer holds the user's lock from before its model request.
    await eventWithin(asked, { what: 'the first question to reach the model' });
    const refused = await ask(second.baseUrl, token, body);
    refusedMeanwhile.open();
    expect(refused.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(refused.events[0]!.data).toMatch(/^ANSWER_IN_PROGRESS: /);
    expect((await slow).events.at(-1)!.event).toBe('[DONE]');

    // Three questions a minute: the refused one above is not counted, so the answered one and these two
    // pass, and the next is refused.
    await ask(second.baseUrl, token, body);
    await ask(second.baseUrl, token, body);
    const limited = await ask(first.baseUrl, token, body);
    expect(limited.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(limited.events[0]!.data).toMatch(/^ASK_RATE_LIMITED: /);
  });
});
