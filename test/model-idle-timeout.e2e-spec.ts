import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { ask, legacyAnswerText, named } from './support/sse-client.js';

const QUESTION = 'How are citation numbers given?';
const ANSWER =
  '{"paragraphs":[{"text":"Numbers are given at first citation.","citationIds":["E1"]},{"text":"They never change.","citationIds":["E1"]}]}';
const IDLE_MS = 500;
// Far beyond the idle limit, and beyond what the test waits: only the idle limit can end the answer in time.
const ASK_DEADLINE_MS = 25_000;

describe('a model that stalls mid-answer', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      MODEL_IDLE_TIMEOUT_MS: String(IDLE_MS),
      ASK_TIMEOUT_MS: String(ASK_DEADLINE_MS),
      OPENAI_TIMEOUT_MS: '20000',
    }));
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it('ends at MODEL_IDLE_TIMEOUT_MS as MODEL_UPSTREAM_TIMEOUT, stores what was shown and frees the user', async () => {
    // The first 40 characters hold the start of the first paragraph's text; then the server goes silent.
    fake.enqueue({ content: ANSWER, chunkSizes: [40], stallAfterChunks: 1 });
    const startedAt = Date.now();
    const stalled = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const elapsed = Date.now() - startedAt;

    expect(stalled.events.at(-1)).toMatchObject({ event: '[ERROR]' });
    expect(stalled.events.at(-1)!.data).toMatch(/^MODEL_UPSTREAM_TIMEOUT: .*MODEL_IDLE_TIMEOUT_MS/);
    expect(elapsed).toBeGreaterThanOrEqual(IDLE_MS);
    expect(elapsed).toBeLessThan(IDLE_MS + 5000);
    const shown = legacyAnswerText(stalled.events);
    expect(shown).toMatch(/^Numbers/);

    const answerUuid = stalled.headers.get('x-answer-uuid')!;
    const [stored] = await server.app
      .get<DataSource>(DATA_SOURCE)
      .query<{ remark: string }[]>('SELECT remark FROM adi_conversation_message WHERE uuid = $1', [answerUuid]);
    expect(stored!.remark).toBe(shown);

    fake.enqueue({ content: ANSWER });
    const next = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    expect(named(next.events, '[ERROR]')).toEqual([]);
    expect(named(next.events, '[DONE]')).toHaveLength(1);
  });
});
