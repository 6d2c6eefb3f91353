import { FakeOpenAi } from './support/fake-openai.js';
import { startApp, startWithModel, type RunningApp } from './support/app.js';
import { jsonApi } from './support/knowledge-api.js';
import { ask, legacyAnswerText, meta } from './support/sse-client.js';

type Message = { role: string; content: string };
const answer = (...paragraphs: string[]) =>
  JSON.stringify({ paragraphs: paragraphs.map((text) => ({ text, citationIds: [] })) });
const noSources = (question: string) => `Sources:\n\nNo sources were found for this question.\n\nQuestion: ${question}`;

/** What the model is sent of a conversation: its system message, and with context on, its earlier turns. */
describe('conversation memory, as the model receives it', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let api: ReturnType<typeof jsonApi>;
  /** The format instructions alone: the system message of a conversation that has none of its own. */
  let instructions: string;

  beforeAll(async () => {
    ({ server, token } = await startWithModel(fake, { ASK_RATE_LIMIT_PER_MINUTE: '1000', MEMORY_TOKEN_BUDGET: '100' }));
    api = jsonApi(server.baseUrl);
    const plain = await conversation('Plain', '', false);
    await askWith(plain, 'Anything?', answer('Nothing.'));
    instructions = lastRequest()[0]!.content;
    expect(instructions).toContain('"paragraphs"');
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  const conversation = async (title: string, aiSystemMessage: string, context: boolean) => {
    const created = await api.call<{ uuid: string }>('POST', '/conversation/add', token, {
      title,
      kbIds: [],
      aiSystemMessage,
    });
    // The toolbar toggle, as the stock app sends it.
    await api.call('POST', `/conversation/edit/${created.data.uuid}`, token, { understandContextEnable: context });
    return created.data.uuid;
  };
  /** Asks, with the model answering `content`; resolves with the question's uuid. */
  const askWith = async (conversationUuid: string, prompt: string, content: string, regenerate?: string) => {
    fake.enqueue({ content });
    const reply = await ask(server.baseUrl, token, {
      conversationUuid,
      ...(regenerate ? { regenerateQuestionUuid: regenerate } : { prompt }),
    });
    return meta(reply.events).question!.uuid as string;
  };
  const lastRequest = (): Message[] =>
    fake.requests.at(-1)!.body.messages.map(({ role, content }) => ({ role, content }));

  it('with context on: the system message, the earlier turns oldest first as the reader saw them, then the question', async () => {
    const uuid = await conversation('Quokkas', 'You are terse.', true);
    await askWith(uuid, 'What is a quokka?', answer('A small marsupial [E1].', 'It lives on an island.'));
    await askWith(uuid, 'Where is the island?', answer('Near Perth.'));
    await askWith(uuid, 'And what does it eat?', answer('Leaves.'));

    expect(lastRequest()).toEqual([
      { role: 'system', content: `You are terse.\n\n${instructions}` },
      { role: 'user', content: 'What is a quokka?' },
      { role: 'assistant', content: 'A small marsupial.\n\nIt lives on an island.' },
      { role: 'user', content: 'Where is the island?' },
      { role: 'assistant', content: 'Near Perth.' },
      { role: 'user', content: noSources('And what does it eat?') },
    ]);
  });

  it('with context off: only the system message (if any) and the question', async () => {
    const withSystem = await conversation('Kind', 'Be kind.', false);
    await askWith(withSystem, 'First question?', answer('First answer.'));
    await askWith(withSystem, 'Second question?', answer('Second answer.'));
    expect(lastRequest()).toEqual([
      { role: 'system', content: `Be kind.\n\n${instructions}` },
      { role: 'user', content: noSources('Second question?') },
    ]);

    const bare = await conversation('Bare', '  ', false);
    await askWith(bare, 'One?', answer('One.'));
    await askWith(bare, 'Two?', answer('Two.'));
    expect(lastRequest()).toEqual([
      { role: 'system', content: instructions },
      { role: 'user', content: noSources('Two?') },
    ]);
  });

  it('keeps only the newest turns that fit the token budget', async () => {
    const uuid = await conversation('Budget', '', true);
    await askWith(uuid, 'Tell me everything.', answer('A long answer. '.repeat(40).trim()));
    await askWith(uuid, 'Short one?', answer('Short.'));
    await askWith(uuid, 'Last?', answer('Done.'));
    expect(lastRequest()).toEqual([
      { role: 'system', content: instructions },
      { role: 'user', content: 'Short one?' },
      { role: 'assistant', content: 'Short.' },
      { role: 'user', content: noSources('Last?') },
    ]);
  });

  it('answering a question again remembers only the turns before it, and its newest answer afterwards', async () => {
    const uuid = await conversation('Regenerate', '', true);
    const first = await askWith(uuid, 'Q one?', answer('A one.'));
    const second = await askWith(uuid, 'Q two?', answer('A two.'));

    await askWith(uuid, '', answer('A two, again.'), second);
    expect(lastRequest()).toEqual([
      { role: 'system', content: instructions },
      { role: 'user', content: 'Q one?' },
      { role: 'assistant', content: 'A one.' },
      { role: 'user', content: noSources('Q two?') },
    ]);
    await askWith(uuid, '', answer('A one, again.'), first);
    expect(lastRequest()).toEqual([
      { role: 'system', content: instructions },
      { role: 'user', content: noSources('Q one?') },
    ]);

    await askWith(uuid, 'Q three?', answer('A three.'));
    expect(lastRequest().slice(1, -1)).toEqual([
      { role: 'user', content: 'Q one?' },
      { role: 'assistant', content: 'A one, again.' },
      { role: 'user', content: 'Q two?' },
      { role: 'assistant', content: 'A two, again.' },
    ]);
  });
});

describe('a follow-up question with the offline model', () => {
  let server: RunningApp;
  let token: string;
  let api: ReturnType<typeof jsonApi>;
  let kbId: string;

  beforeAll(async () => {
    server = await startApp({ OFFLINE_CHUNK_DELAY_MS: '0', ASK_RATE_LIMIT_PER_MINUTE: '1000' });
    token = await server.login();
    api = jsonApi(server.baseUrl);
    const base = await api.createBase(token, 'Storage notes', false);
    await api.addDocuments(token, base.uuid, {
      'numbering.txt': 'Citation numbers are given in the order that sources are first cited.',
      'citation-storage.txt': 'Citation numbers are stored with each paragraph in the citation table of the database.',
      'image-storage.txt': 'Uploaded images are stored on disk under the data directory.',
    });
    kbId = base.id;
  });

  afterAll(async () => {
    await server.close();
  });

  const followUp = async (context: boolean) => {
    const created = await api.call<{ uuid: string }>('POST', '/conversation/add', token, {
      title: `Follow-up, context ${context}`,
      kbIds: [kbId],
    });
    const uuid = created.data.uuid;
    await api.call('POST', `/conversation/edit/${uuid}`, token, { understandContextEnable: context });
    await ask(server.baseUrl, token, { conversationUuid: uuid, prompt: 'How are citation numbers given?' });
    const reply = await ask(server.baseUrl, token, { conversationUuid: uuid, prompt: 'And how is it stored?' });
    const answerUuid = meta(reply.events).answer!.uuid as string;
    const refs = await api.call<{ text: string }[]>('GET', `/conversation/message/embedding-ref/${answerUuid}`, token);
    return { text: legacyAnswerText(reply.events), retrieved: refs.data.map((ref) => ref.text) };
  };

  it('reads "and how is it stored?" after a question about citation numbers as about storing citation numbers', async () => {
    const remembered = await followUp(true);
    expect(remembered.retrieved).toContain(
      'Citation numbers are stored with each paragraph in the citation table of the database.',
    );
    expect(remembered.retrieved.join(' ')).not.toContain('images');
    expect(remembered.text).toContain('Citation numbers are stored with each paragraph');
    expect(remembered.text).not.toContain('images');

    // Without context the same words are only about storing something: the images match as well.
    const forgotten = await followUp(false);
    expect(forgotten.text).toContain('Uploaded images are stored on disk');
  });
});
