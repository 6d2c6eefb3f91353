import { AuthService } from '../src/accounts/auth.service.js';
import { startWithModel, type ModelTestbed } from './support/app.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { ask } from './support/sse-client.js';

/** `GET /conversation/message/citations`: the citations of several answers in one call, as the one-answer route. */
describe('the citations of several answers in one call', () => {
  const fake = new FakeOpenAi();
  let bed: ModelTestbed;
  const get = async (path: string, token = bed.token) =>
    (await (await fetch(`${bed.server.baseUrl}${path}`, { headers: { Authorization: token } })).json()) as {
      success: boolean;
      code?: string;
      message?: string;
      data: Record<string, unknown>;
    };
  const answerOf = async (text: string) => {
    fake.enqueue({ content: JSON.stringify({ paragraphs: [{ text, citationIds: ['E1'] }] }) });
    const reply = await ask(bed.server.baseUrl, bed.token, {
      conversationUuid: bed.conversation,
      prompt: 'How are citation numbers given?',
    });
    return reply.headers.get('x-answer-uuid')!;
  };

  beforeAll(async () => {
    bed = await startWithModel(fake, { ASK_RATE_LIMIT_PER_MINUTE: '1000' });
  }, 60_000);

  afterAll(async () => {
    await bed?.server.close();
    await fake.stop();
  });

  it('answers each answer as the one-answer route does, by uuid, leaving out what is not a readable answer', async () => {
    const first = await answerOf('Numbers are given in the order sources are first cited.');
    const second = await answerOf('A number never changes once it has been shown.');
    const unknown = 'f'.repeat(32);
    const batch = await get(`/conversation/message/citations?answerUuids=${first},${second},${unknown},${first}`);
    expect(batch.success).toBe(true);
    expect(Object.keys(batch.data).sort()).toEqual([first, second].sort());
    for (const uuid of [first, second]) {
      const one = await get(`/conversation/message/citation/${uuid}`);
      expect(batch.data[uuid]).toEqual(one.data);
    }
    expect((batch.data[first] as { paragraphs: unknown[] }).paragraphs).toHaveLength(1);
    // Another user reads none of them.
    await bed.server.app
      .get(AuthService)
      .createUser({ name: 'dora', email: 'dora@example.test', password: 'dora-password', isAdmin: false });
    const dora = await bed.server.login('dora@example.test', 'dora-password');
    expect((await get(`/conversation/message/citations?answerUuids=${first},${second}`, dora)).data).toEqual({});
  });

  it('refuses a list that is not answer uuids, saying what it must be', async () => {
    for (const query of ['', '?answerUuids=', '?answerUuids=nope', `?answerUuids=${'a'.repeat(32)},`]) {
      const reply = await get(`/conversation/message/citations${query}`);
      expect([query, reply.code]).toEqual([query, 'A0002']);
      expect(reply.message).toMatch(/^answerUuids: /);
    }
    const tooMany = Array.from({ length: 101 }, () => 'a'.repeat(32)).join(',');
    expect((await get(`/conversation/message/citations?answerUuids=${tooMany}`)).code).toBe('A0002');
  });
});
