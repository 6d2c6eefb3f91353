import {
  ApiError,
  CitationClient,
  noticesOf,
  pendingText,
  sourcesInOrder,
  type AnswerState,
} from '../../packages/client/src/index.js';
import { FakeOpenAi } from '../support/fake-openai.js';
import { startWithModel, type RunningApp } from '../support/app.js';
import { waitFor } from '../support/wait-for.js';
import { answerJson, offerMoreSources, QUESTION, THREE_PARAGRAPHS } from './support/scripted-answer.js';

/** The client library against the real service, answering with a local fake model. */
describe('the client library', () => {
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

  it('logs in, and says why when the password is wrong', async () => {
    const other = new CitationClient({ baseUrl: server.baseUrl });
    await expect(other.login('admin@example.test', 'wrong-password')).rejects.toBeInstanceOf(ApiError);
    expect(client.token).toMatch(/\S/);
    expect((await client.listConversations()).map((c) => c.uuid)).toContain(conversation);
  });

  it('follows an answer event by event: paragraphs with their numbers arrive before [DONE]', async () => {
    fake.enqueue({ content: answerJson(THREE_PARAGRAPHS), chunkSizes: [7], delayMs: 5 });
    const answer = client.ask({ conversationUuid: conversation, prompt: QUESTION });
    const seen: AnswerState[] = [];
    answer.subscribe((state) => seen.push(state));
    const final = await answer.finished;

    expect(final.status).toBe('done');
    expect(final.error).toBeUndefined();
    expect(final.paragraphs.map(({ text, citationIds }) => ({ text, citationIds }))).toEqual(THREE_PARAGRAPHS);
    expect(final.paragraphs.map((p) => p.citationNumbers)).toEqual([[1], [1, 2], [2]]);
    expect(sourcesInOrder(final).map((ref) => [ref.citationId, ref.displayNumber])).toEqual([
      ['E1', 1],
      ['E2', 2],
    ]);
    expect(final.text).toBe(THREE_PARAGRAPHS.map((p) => p.text).join('\n\n'));
    expect(pendingText(final)).toBe('');
    expect(final.meta?.answer.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(final.answerUuid).toBe(final.meta?.answer.uuid);
    expect(noticesOf(final)).toEqual({ fellBack: false, truncated: false, refused: false, stopped: false });

    // Grew step by step: the first paragraph stood, numbered, while the answer was still streaming,
    // and the text of the second was shown before its paragraph closed.
    const firstClosed = seen.find((state) => state.paragraphs.length === 1)!;
    expect(firstClosed.status).toBe('streaming');
    expect(firstClosed.paragraphs[0]!.citationNumbers).toEqual([1]);
    expect(firstClosed.refs.E1).toBeDefined();
    expect(seen.some((state) => state.paragraphs.length === 1 && pendingText(state).startsWith('The model'))).toBe(
      true,
    );

    // What the stream carried is what the service stored.
    const stored = await client.citationView(final.answerUuid!);
    expect(stored.paragraphs).toEqual(final.paragraphs);
  });

  it('says when the model broke the citation format, and keeps the rest as plain text', async () => {
    const broken = `{"paragraphs":[{"text":"A cited start.","citationIds":["E1"]},{"text":"then it stops being JSON`;
    fake.enqueue({ content: `${broken} and goes on in prose.`, chunkSizes: [9], delayMs: 2 });
    const final = await client.ask({ conversationUuid: conversation, prompt: QUESTION }).finished;
    expect(final.status).toBe('done');
    expect(final.paragraphs.map((p) => p.text)).toEqual(['A cited start.']);
    expect(noticesOf(final).fellBack).toBe(true);
    expect(pendingText(final)).not.toBe('');
  });

  it('asks for the citation events and a resumable stream', async () => {
    const bodies: unknown[] = [];
    const recording = new CitationClient({
      baseUrl: server.baseUrl,
      token: client.token!,
      fetch: (input, init) => {
        if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
        return fetch(input, init);
      },
    });
    fake.enqueue({ content: answerJson(THREE_PARAGRAPHS.slice(0, 1)) });
    await recording.ask({ conversationUuid: conversation, prompt: QUESTION }).finished;
    expect(bodies).toEqual([
      { conversationUuid: conversation, prompt: QUESTION, citationEvents: true, resumable: true },
    ]);
  });

  it('reports an error before the answer starts with its code', async () => {
    const final = await client.ask({ conversationUuid: '0'.repeat(32), prompt: QUESTION }).finished;
    expect(final.status).toBe('error');
    expect(final.error?.code).toBe('CONVERSATION_NOT_FOUND');
  });

  it('creates a knowledge base, uploads a document, watches it index, and answers from it', async () => {
    const base = await client.createKnowledgeBase('Client library notes');
    const text = 'The zephyrine lighthouse keeper logs every passing ship in a green ledger.';
    const item = await client.upload(base.uuid, new Blob([text], { type: 'text/plain' }), 'lighthouse.txt');
    expect(item.title).toBe('lighthouse.txt');
    await waitFor(() => client.indexingDone(), { what: 'the document to be indexed' });
    expect((await client.knowledgeItems(base.uuid)).map((i) => i.embeddingStatus)).toEqual(['DONE']);

    const added = await client.addConversation('About the lighthouse', [base.id]);
    expect(added.kbIds).toEqual([base.id]);
    fake.enqueue({ content: answerJson([{ text: 'Ships go in a green ledger.', citationIds: ['E1'] }]) });
    const final = await client.ask({ conversationUuid: added.uuid, prompt: 'What does the zephyrine keeper log?' })
      .finished;
    expect(final.refs.E1?.type).toBe('embedding');
    expect(final.refs.E1?.payload).toMatchObject({ text, title: 'lighthouse.txt', kbUuid: base.uuid });

    await client.setKnowledgeBases(added.uuid, []);
    expect((await client.listConversations()).find((c) => c.uuid === added.uuid)?.kbIds).toEqual([]);
    await client.deleteKnowledgeBase(base.uuid);
    expect((await client.knowledgeBases()).map((b) => b.uuid)).not.toContain(base.uuid);
  });
});
