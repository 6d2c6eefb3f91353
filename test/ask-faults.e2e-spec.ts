import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, legacyAnswerText, named } from './support/sse-client.js';
import { eventWithin, waitFor } from './support/wait-for.js';

const QUESTION = 'How are citation numbers given?';
const ANSWER =
  '{"paragraphs":[{"text":"Numbers are given at first citation.","citationIds":["E1"]},{"text":"They never change.","citationIds":["E1"]}]}';

describe('POST /conversation/message/process when things go wrong', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      OPENAI_MODEL: 'fake-model',
      OPENAI_MODELS: 'no-schema-model,other-model',
      // Many questions a minute here; the limit itself is tested in shared-limits.
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_TIMEOUT_MS: '400',
      SSE_HEARTBEAT_MS: '60',
    }));
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  const body = () => ({ conversationUuid: conversation, prompt: QUESTION });

  it.each([
    [500, 'MODEL_UPSTREAM_ERROR'],
    [429, 'MODEL_RATE_LIMITED'],
  ])('reports an upstream %i before the stream as [ERROR] %s, after [START]', async (status, code) => {
    fake.enqueue({ failWith: { status, message: 'upstream says no' } });
    const reply = await ask(server.baseUrl, token, body());
    const names = reply.events.map((event) => event.event);
    expect(names[0]).toBe('[START]');
    expect(names.at(-1)).toBe('[ERROR]');
    expect(reply.events.at(-1)!.data).toMatch(new RegExp(`^${code}: `));
    expect(named(reply.events, '[DONE]')).toEqual([]);
  });

  it('keeps what was shown when the upstream stream is cut, then reports [ERROR]', async () => {
    // Cut after 100 characters: the first paragraph is whole, the second is cut inside its text.
    fake.enqueue({ content: ANSWER, chunkSizes: [10], cutAfterChunks: 10, delayMs: 5 });
    const reply = await ask(server.baseUrl, token, body());
    expect(reply.events.at(-1)).toMatchObject({ event: '[ERROR]' });
    expect(reply.events.at(-1)!.data).toMatch(/^MODEL_STREAM_CUT: /);
    expect(named(reply.events, '[CITATION_PARAGRAPH]')).toHaveLength(1);
    const shown = legacyAnswerText(reply.events);
    expect(shown).toMatch(/^Numbers are given at first citation\.\n\nThe/);
    expect('Numbers are given at first citation.\n\nThey never change.'.startsWith(shown)).toBe(true);
  });

  it('ends a stalled answer at the deadline with [ERROR], aborting the upstream request', async () => {
    fake.enqueue({ content: ANSWER, chunkSizes: [30], stallAfterChunks: 1 });
    const reply = await ask(server.baseUrl, token, body());
    expect(reply.events.at(-1)!.data).toMatch(/^MODEL_UPSTREAM_TIMEOUT: /);
    await eventWithin(fake.requests.at(-1)!.closed, { what: 'the model request to be closed', timeoutMs: 1000 });
    // Heartbeats kept the idle stream alive: comment lines only, never a blank line a client would dispatch.
    expect(reply.raw).toContain('\n:heartbeat\n');
  });

  it('closes the upstream request when the client goes away, long before the answer would have ended', async () => {
    // About seven seconds of answer: 34 chunks, 200 ms apart.
    fake.enqueue({ content: ANSWER, chunkSizes: [4], delayMs: 200 });
    const controller = new AbortController();
    const asked = fake.received(fake.requests.length);
    const pending = ask(server.baseUrl, token, body(), controller.signal).catch((error: unknown) => error);
    // The model request is open: the client goes away now.
    const upstream = await eventWithin(asked, { what: 'the question to reach the model' });
    const abortedAt = Date.now();
    controller.abort();
    await pending;
    await eventWithin(upstream.closed, { what: 'the model request to be closed', timeoutMs: 2000 });
    // The scripted answer streams for seconds; a close within one of them can only come from the abort.
    expect(upstream.closedAt! - abortedAt).toBeLessThan(1000);
    // The abandoned answer is stored, then lets go of the user's one-answer lock: only then may the next ask come.
    const locks = () =>
      server.app
        .get<DataSource>(DATA_SOURCE)
        .query<{ n: number }[]>('SELECT count(*)::int AS "n" FROM "adi_ask_lock"')
        .then(([row]) => row!.n);
    await waitFor(async () => (await locks()) === 0, { what: 'the one-answer lock to be let go', timeoutMs: 2000 });
  });

  it('asks with json_object, then with instructions only, when the server rejects json_schema, and remembers it', async () => {
    fake.enqueue({ content: ANSWER, rejectJsonSchema: true }, { content: ANSWER });
    const before = fake.requests.length;
    const first = await ask(server.baseUrl, token, { ...body(), modelName: 'no-schema-model' });
    expect(named(first.events, '[CITATION_PARAGRAPH]')).toHaveLength(2);
    const formats = fake.requests.slice(before).map((request) => request.body.response_format?.type);
    expect(formats).toEqual(['json_schema', 'json_object']);

    fake.enqueue({ content: ANSWER });
    await ask(server.baseUrl, token, { ...body(), modelName: 'no-schema-model' });
    expect(fake.requests.at(-1)!.body.response_format?.type).toBe('json_object');
    expect(fake.requests.at(-1)!.body.model).toBe('no-schema-model');
  });

  it('uses the configured model when the request names none, or one the server does not offer', async () => {
    fake.enqueue({ content: ANSWER }, { content: ANSWER }, { content: ANSWER });
    await ask(server.baseUrl, token, { ...body(), modelName: '', modelPlatform: '' });
    expect(fake.requests.at(-1)!.body.model).toBe('fake-model');
    await ask(server.baseUrl, token, { ...body(), modelName: 'gpt-unknown' });
    expect(fake.requests.at(-1)!.body.model).toBe('fake-model');
    await ask(server.baseUrl, token, { ...body(), modelName: 'other-model' });
    expect(fake.requests.at(-1)!.body.model).toBe('other-model');
  });

  it('streams reasoning as [THINKING] before the answer', async () => {
    fake.enqueue({ reasoning: 'First, find the sources.\nThen cite them.', content: ANSWER });
    const reply = await ask(server.baseUrl, token, body());
    const thinking = named(reply.events, '[THINKING]');
    expect(thinking.map((event) => event.data).join('')).toBe('First, find the sources.\nThen cite them.');
    expect(reply.events.indexOf(thinking[0]!)).toBeLessThan(
      reply.events.findIndex((event) => event.event === undefined),
    );
  });

  it('asks once more, with a repair instruction, when the format breaks before anything was shown', async () => {
    fake.enqueue({ content: 'Sure! Here is the answer in prose.' }, { content: ANSWER });
    const before = fake.requests.length;
    const reply = await ask(server.baseUrl, token, body());
    const requests = fake.requests.slice(before);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body.messages[0]!.content).toContain('previous reply could not be read');
    expect(legacyAnswerText(reply.events)).toBe('Numbers are given at first citation.\n\nThey never change.');
    expect(JSON.parse(named(reply.events, '[CITATION_DONE]')[0]!.data)).toMatchObject({ hasCitationError: false });
  });

  it('refuses a second answer by the same user while one is streaming: [ERROR] before [START]', async () => {
    fake.enqueue({ content: ANSWER, chunkSizes: [8], delayMs: 10 });
    const asked = fake.received(fake.requests.length);
    const first = ask(server.baseUrl, token, body());
    await eventWithin(asked, { what: 'the first question to reach the model' });
    const second = await ask(server.baseUrl, token, body());
    expect(second.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(second.events[0]!.data).toMatch(/^ANSWER_IN_PROGRESS: /);
    expect((await first).events.at(-1)!.event).toBe('[DONE]');
  });

  it.each([
    [{ prompt: QUESTION }, 'conversationUuid'],
    [{ conversationUuid: 'default', prompt: QUESTION }, 'conversationUuid: must be 32 lowercase hex'],
    [{ conversationUuid: '0123456789abcdef0123456789abcdef', prompt: '  ' }, 'prompt: is required'],
    [{ conversationUuid: '0123456789abcdef0123456789abcdef', prompt: QUESTION, imageUrls: 'x' }, 'imageUrls'],
  ])('answers an invalid body %j with 400 and the envelope naming the field', async (invalid, message) => {
    const response = await fetch(`${server.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify(invalid),
    });
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as { success: boolean; code: string; message: string };
    expect(envelope).toMatchObject({ success: false, code: 'REQUEST_INVALID' });
    expect(envelope.message).toContain(message);
  });

  it('answers a body that is not JSON with 400 and the envelope', async () => {
    const response = await fetch(`${server.baseUrl}/conversation/message/process`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: '{"conversationUuid":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'HTTP_400' });
  });
});
