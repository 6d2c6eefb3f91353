import { CitationClient, noticesOf, type AnswerState, type AnswerStream } from '../../packages/client/src/index.js';
import { FakeOpenAi } from '../support/fake-openai.js';
import { startWithModel, type RunningApp } from '../support/app.js';
import { answerJson, offerMoreSources, QUESTION, THREE_PARAGRAPHS } from './support/scripted-answer.js';

/**
 * Resume and stop through the client library: these need the service's answer identity headers
 * (`X-Answer-Uuid`), `GET /conversation/message/stream/{uuid}` with `Last-Event-ID`, and
 * `POST /conversation/message/stop/{uuid}`.
 */
describe('the client library resuming and stopping answers', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let conversation: string;
  let client: CitationClient;

  beforeAll(async () => {
    ({ server, conversation } = await startWithModel(fake, { ASK_RATE_LIMIT_PER_MINUTE: '1000' }));
    client = new CitationClient({ baseUrl: server.baseUrl });
    await client.login('admin@example.test', 'admin-password-for-tests');
    const [first] = await client.listConversations();
    await offerMoreSources(client, first!.kbIds[0]!);
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  /** The first state that passes `test`; fails when the answer ends first. */
  const until = (answer: AnswerStream, test: (state: AnswerState) => boolean) =>
    new Promise<AnswerState>((resolve, reject) => {
      const stop = answer.subscribe((state) => {
        if (!test(state)) return;
        queueMicrotask(() => stop());
        resolve(state);
      });
      void answer.finished.then((state) =>
        reject(new Error(`the answer ended (${state.status} ${state.error?.code ?? ''}) before the awaited state`)),
      );
    });

  it('comes back after a dropped connection and ends with the whole answer, nothing twice', async () => {
    fake.enqueue({ content: answerJson(THREE_PARAGRAPHS), chunkSizes: [5], delayMs: 15 });
    const answer = client.ask({ conversationUuid: conversation, prompt: QUESTION }, { reconnectDelayMs: 50 });
    const before = await until(answer, (state) => state.paragraphs.length === 1);
    expect(before.answerUuid).toMatch(/^[0-9a-f]{32}$/);
    answer.disconnect();
    const final = await answer.finished;

    expect(final.status).toBe('done');
    expect(final.reconnects).toBeGreaterThanOrEqual(1);
    expect(final.answerUuid).toBe(before.answerUuid);
    expect(final.paragraphs.map(({ text, citationIds }) => ({ text, citationIds }))).toEqual(THREE_PARAGRAPHS);
    expect(final.text).toBe(THREE_PARAGRAPHS.map((p) => p.text).join('\n\n'));
    expect(final.lastEventId).toBeGreaterThan(before.lastEventId!);
    // The model was not asked twice: the answer kept being written while the client was away.
    expect(fake.requests.filter((request) => request.body.stream === true)).toHaveLength(1);
  });

  it('follows an answer from its saved state, as a reloaded page does', async () => {
    fake.enqueue({ content: answerJson(THREE_PARAGRAPHS), chunkSizes: [5], delayMs: 15 });
    const first = client.ask({ conversationUuid: conversation, prompt: QUESTION });
    const saved = await until(first, (state) => state.paragraphs.length === 1);
    first.abort();
    expect((await first.finished).status).toBe('aborted');

    const resumed = client.resume({ ...saved, answerUuid: saved.answerUuid! });
    const final = await resumed.finished;
    expect(final.status).toBe('done');
    expect(final.paragraphs.map((p) => p.text)).toEqual(THREE_PARAGRAPHS.map((p) => p.text));
    expect(final.text).toBe(THREE_PARAGRAPHS.map((p) => p.text).join('\n\n'));
  });

  it('stops an answer: the stream ends with [DONE] and the answer is kept as interrupted', async () => {
    fake.enqueue({ content: answerJson(THREE_PARAGRAPHS), chunkSizes: [3], delayMs: 40 });
    const answer = client.ask({ conversationUuid: conversation, prompt: QUESTION });
    await until(answer, (state) => state.answerUuid !== undefined && state.text.length > 0);
    await answer.stop();
    const final = await answer.finished;
    expect(final.status).toBe('done');
    expect(final.text.length).toBeLessThan(THREE_PARAGRAPHS.map((p) => p.text).join('\n\n').length);
    const history = await client.history(conversation, 1);
    expect(history[0]?.children?.at(-1)).toMatchObject({ uuid: final.answerUuid, answerStatus: 'interrupted' });
    // Cut short on request, not broken: stopped, and no citation-format error anywhere.
    expect(final.meta?.answer).toMatchObject({ stopped: true, hasCitationError: false });
    expect(final.citationDone?.hasCitationError).toBe(false);
    expect(noticesOf(final)).toEqual({ fellBack: false, truncated: false, refused: false, stopped: true });
    expect((await client.citationView(final.answerUuid!)).hasCitationError).toBe(false);
  });
});
