import pg from 'pg';
import { AuthService } from '../src/accounts/auth.service.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { SAMPLE_KNOWLEDGE_BASE_UUID } from '../src/knowledge/sample-corpus.js';
import { startApp, startWithModel, type RunningApp } from './support/app.js';
import { jsonApi } from './support/knowledge-api.js';
import { ask } from './support/sse-client.js';
import { postSse, stockAppAnswer } from './support/stock-app-stream.js';
import { eventWithin, waitFor } from './support/wait-for.js';

const QUOKKAS = `Quokkas are small marsupials that live on Rottnest Island near Perth.

A quokka can survive for long periods without water, taking moisture from the plants it eats.`;
/** The source's first sentence on another island: the source says otherwise. */
const WRONG_ISLAND = 'Quokkas are small marsupials that live on Kangaroo Island near Perth.';
const PANDAS = 'Giant pandas live in the bamboo forests of Sichuan and spend most of the day eating bamboo.';

/** A paragraph of `/knowledge-base/qa/citation/{uuid}`, with what the support check found of its citations. */
interface StoredParagraph {
  text: string;
  citationIds: string[];
  supported?: boolean;
  inferred?: boolean;
  support?: {
    citationId: string;
    score: number;
    verdict: 'verified' | 'unverified' | 'contradicted';
    evidence?: { spans: { start: number; end: number }[] };
    quote?: { text: string; start: number; end: number };
  }[];
  verdict?: string;
}

interface QaDto {
  uuid: string;
  kbUuid: string;
  question: string;
  answer?: string;
  aiModelId: string;
  aiModelPlatform?: string;
  createTime: string;
}

/**
 * The knowledge-base Q&A page (`/#/qa/{kbUuid}`) as the stock app drives it: add a record, stream its answer,
 * list the records, read their references, delete them. Tokens and the ask guards live in Redis here (db 14).
 */
describe('knowledge-base Q&A', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let admin: string;
  let bob: string;
  let api: ReturnType<typeof jsonApi>;
  let marsupials: { id: string; uuid: string };
  let pandas: { id: string; uuid: string };

  beforeAll(async () => {
    ({ server, token: admin } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      OPENAI_MODELS: 'model-b',
      REDIS_URL: 'redis://127.0.0.1:6379/14',
    }));
    await server.app
      .get(AuthService)
      .createUser({ name: 'bob', email: 'bob@example.test', password: 'bob-password', isAdmin: false });
    bob = await server.login('bob@example.test', 'bob-password');
    api = jsonApi(server.baseUrl);
    marsupials = await api.createBase(admin, 'Marsupials', false);
    pandas = await api.createBase(admin, 'Pandas', false);
    await api.addDocuments(admin, marsupials.uuid, { 'quokka.txt': QUOKKAS });
    await api.addDocuments(admin, pandas.uuid, { 'pandas.txt': PANDAS });
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  const add = (token: string, kbUuid: string, question: string, modelName = '') =>
    api.call<QaDto>('POST', `/knowledge-base/qa/add/${kbUuid}`, token, { question, modelName });
  const processRecord = (token: string, uuid: string, signal?: AbortSignal) =>
    postSse(`${server.baseUrl}/knowledge-base/qa/process/${uuid}`, token, { qaRecordUuid: uuid }, signal);
  const search = async (token: string, kbUuid: string, keyword = '') =>
    (
      await api.call<{ records: QaDto[]; total: number }>(
        'GET',
        `/knowledge-base/qa/search?kbUuid=${kbUuid}&keyword=${encodeURIComponent(keyword)}&currentPage=1&pageSize=20`,
        token,
      )
    ).data;

  it('streams [START], the answer text and an empty [DONE]; the stock app shows exactly the stored answer', async () => {
    const added = await add(admin, marsupials.uuid, 'How do quokkas survive without water?');
    expect(added.success).toBe(true);
    expect(added.data).toMatchObject({ kbUuid: marsupials.uuid, question: 'How do quokkas survive without water?' });
    expect(added.data.uuid).toMatch(/^[0-9a-f]{32}$/);
    // No model named: the default model, the first one /model/llms lists.
    expect(added.data.aiModelId).toBe('1');
    fake.enqueue({
      content: JSON.stringify({
        paragraphs: [
          {
            text: 'Quokkas take moisture from the plants they eat.\nThey can go long without water.',
            citationIds: ['E1'],
          },
          { text: 'In old clients -_wrap_- is a line break [E1].', citationIds: [] },
        ],
      }),
      chunkSizes: [5],
    });

    const reply = await processRecord(admin, added.data.uuid);

    expect(reply.contentType).toBe('text/event-stream');
    const names = reply.events.map((event) => event.event);
    expect(names[0]).toBe('[START]');
    expect(names.at(-1)).toBe('[DONE]');
    expect(reply.events.at(-1)!.data).toBe('');
    expect(new Set(names)).toEqual(new Set(['[START]', undefined, '[DONE]']));
    const shown = stockAppAnswer(reply.events);
    expect(shown).toBe(
      'Quokkas take moisture from the plants they eat.\nThey can go long without water.\n\nIn old clients -_wrap_- is a line break.',
    );
    const [record] = (await search(admin, marsupials.uuid)).records;
    expect(record).toMatchObject({ uuid: added.data.uuid, answer: shown, aiModelPlatform: 'openai' });
    // An empty model name gets the default model, and the model saw this base's chunk only.
    const request = fake.requests.at(-1)!.body;
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.messages.at(-1)!.content).toContain('survive for long periods without water');

    const refs = await api.call<{ embeddingId: string; text: string }[]>(
      'GET',
      `/knowledge-base/qa/embedding-ref/${added.data.uuid}`,
      admin,
    );
    expect(refs.data.map((ref) => ref.text).join(' ')).toContain('survive for long periods without water');
    const graph = await api.call<{ entitiesFromQuestion: unknown[]; vertices: unknown[]; edges: unknown[] }>(
      'GET',
      `/knowledge-base/qa/graph-ref/${added.data.uuid}`,
      admin,
    );
    expect(graph.data).toEqual({ entitiesFromQuestion: [], vertices: [], edges: [] });
    const citation = await api.call<{
      paragraphs: (StoredParagraph & { citationNumbers: number[] })[];
      refs: { citationId: string; displayNumber: number; payload: { text: string } }[];
    }>('GET', `/knowledge-base/qa/citation/${added.data.uuid}`, admin);
    expect(citation.data.paragraphs).toMatchObject([
      { citationIds: ['E1'], citationNumbers: [1], inferred: false, support: [{ citationId: 'E1' }] },
      { text: 'In old clients -_wrap_- is a line break.', citationIds: ['E1'], citationNumbers: [1] },
    ]);
    // What the check cannot find in the source is unverified: the citation stays, stored with its verdict.
    expect(citation.data.paragraphs[1]).toMatchObject({
      verdict: 'unverified',
      supported: false,
      support: [{ citationId: 'E1', verdict: 'unverified', score: 0 }],
    });
    expect(citation.data.refs).toMatchObject([{ citationId: 'E1', displayNumber: 1 }]);
    expect(citation.data.refs[0]!.payload.text).toContain('survive for long periods without water');
  });

  it('retrieves from the asked base only, and uses the model the asker picked', async () => {
    const added = await add(admin, marsupials.uuid, 'How much bamboo do giant pandas need?', 'model-b');
    expect(added.data.aiModelId).toBe('2');
    fake.enqueue({ content: '{"paragraphs":[{"text":"The sources do not say.","citationIds":[]}]}' });
    const reply = await processRecord(admin, added.data.uuid);
    expect(stockAppAnswer(reply.events)).toBe('The sources do not say.');
    const request = fake.requests.at(-1)!.body;
    expect(request.model).toBe('model-b');
    expect(request.messages.at(-1)!.content).not.toContain('Sichuan');
    expect(
      (await api.call<unknown[]>('GET', `/knowledge-base/qa/embedding-ref/${added.data.uuid}`, admin)).data,
    ).toEqual([]);
  });

  it('ends with [ERROR] after [START] when the model fails, never in silence', async () => {
    const refused = await add(admin, marsupials.uuid, 'Where do quokkas live?');
    fake.enqueue({ failWith: { status: 500, message: 'upstream exploded' } });
    const failed = await processRecord(admin, refused.data.uuid);
    expect(failed.events.map((event) => event.event)).toEqual(['[START]', '[ERROR]']);
    expect(failed.events[1]!.data).toMatch(/^MODEL_UPSTREAM_ERROR: /);

    const cut = await add(admin, marsupials.uuid, 'Are quokkas marsupials?');
    fake.enqueue({
      content: '{"paragraphs":[{"text":"Quokkas are small marsupials of Rottnest Island.","citationIds":["E1"]}]}',
      chunkSizes: [6],
      cutAfterChunks: 6,
    });
    const broken = await processRecord(admin, cut.data.uuid);
    expect(broken.events[0]!.event).toBe('[START]');
    expect(broken.events.at(-1)).toMatchObject({ event: '[ERROR]' });
    expect(broken.events.at(-1)!.data).toMatch(/^MODEL_STREAM_CUT: /);
  });

  it('ends an answer whose record cannot be saved with [ERROR] STORAGE_FAILED, not [DONE]; a failed one as it failed', async () => {
    const db = new pg.Client({ connectionString: server.database!.url });
    await db.connect();
    await db.query(
      `CREATE FUNCTION refuse_qa_answer() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`,
    );
    await db.query(
      `CREATE TRIGGER refuse_qa_answer BEFORE UPDATE ON adi_knowledge_base_qa FOR EACH ROW EXECUTE FUNCTION refuse_qa_answer()`,
    );
    try {
      const added = await add(admin, marsupials.uuid, 'Do quokkas drink water?');
      fake.enqueue({ content: '{"paragraphs":[{"text":"Quokkas rarely drink.","citationIds":["E1"]}]}' });
      const reply = await processRecord(admin, added.data.uuid);
      expect(reply.events[0]!.event).toBe('[START]');
      expect(reply.events.map((event) => event.event)).not.toContain('[DONE]');
      expect(reply.events.at(-1)).toMatchObject({ event: '[ERROR]' });
      expect(reply.events.at(-1)!.data).toMatch(/^STORAGE_FAILED: /);
      // Nothing of the answer was kept: the record reads as not answered, and names no model.
      const [record] = (await search(admin, marsupials.uuid, 'Do quokkas drink water?')).records;
      expect(record).toMatchObject({ uuid: added.data.uuid, aiModelPlatform: '' });
      expect(record!.answer ?? '').toBe('');

      const failing = await add(admin, marsupials.uuid, 'Do quokkas climb trees?');
      fake.enqueue({ failWith: { status: 500, message: 'upstream exploded' } });
      const failed = await processRecord(admin, failing.data.uuid);
      expect(failed.events.map((event) => event.event)).toEqual(['[START]', '[ERROR]']);
      expect(failed.events[1]!.data).toMatch(/^MODEL_UPSTREAM_ERROR: /);
    } finally {
      await db.query('DROP TRIGGER refuse_qa_answer ON adi_knowledge_base_qa');
      await db.query('DROP FUNCTION refuse_qa_answer');
      await db.end();
    }
  });

  it("reads someone else's private base or record as not found, and lets anyone ask a public base", async () => {
    const mine = await add(admin, marsupials.uuid, 'What is a quokka?');
    expect(await add(bob, marsupials.uuid, 'What is a quokka?')).toMatchObject({ success: false, code: 'A0017' });
    expect(await add(bob, 'f'.repeat(32), 'Anything?')).toMatchObject({ success: false, code: 'A0017' });
    const foreign = await processRecord(bob, mine.data.uuid);
    expect(foreign.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(foreign.events[0]!.data).toMatch(/^A0017: /);
    expect((await search(bob, marsupials.uuid)).records).toEqual([]);
    for (const path of ['embedding-ref', 'graph-ref', 'citation']) {
      expect(await api.call('GET', `/knowledge-base/qa/${path}/${mine.data.uuid}`, bob)).toMatchObject({
        success: false,
        code: 'A0017',
      });
    }
    expect(await api.call('POST', `/knowledge-base/qa/del/${mine.data.uuid}`, bob)).toMatchObject({
      success: false,
      code: 'A0017',
    });
    expect((await search(admin, marsupials.uuid)).records.map((record) => record.uuid)).toContain(mine.data.uuid);

    const shared = await api.createBase(admin, 'Shared quokkas', true);
    await api.addDocuments(admin, shared.uuid, { 'quokka.txt': QUOKKAS });
    const bobs = await add(bob, shared.uuid, 'Where do quokkas live?');
    expect(bobs.success).toBe(true);
    fake.enqueue({ content: '{"paragraphs":[{"text":"On Rottnest Island.","citationIds":["E1"]}]}' });
    const answered = await processRecord(bob, bobs.data.uuid);
    expect(stockAppAnswer(answered.events)).toBe('On Rottnest Island.');
    expect((await search(bob, shared.uuid)).records.map((record) => record.uuid)).toEqual([bobs.data.uuid]);
    // An admin sees everyone's records.
    expect((await search(admin, shared.uuid)).records.map((record) => record.uuid)).toEqual([bobs.data.uuid]);
  });

  it('lists records most recently changed first, with their creation time, and finds them by keyword', async () => {
    const base = await api.createBase(admin, 'Ordering', false);
    await api.addDocuments(admin, base.uuid, { 'quokka.txt': QUOKKAS });
    const first = await add(admin, base.uuid, 'First question about quokkas');
    const second = await add(admin, base.uuid, 'Second question about islands');
    expect((await search(admin, base.uuid)).records.map((record) => record.question)).toEqual([
      'Second question about islands',
      'First question about quokkas',
    ]);
    fake.enqueue({ content: '{"paragraphs":[{"text":"Answered.","citationIds":[]}]}' });
    await processRecord(admin, first.data.uuid);
    const page = await search(admin, base.uuid);
    expect(page.records.map((record) => record.uuid)).toEqual([first.data.uuid, second.data.uuid]);
    expect(page.records[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(page.records[1]).toMatchObject({ answer: '', aiModelPlatform: '' });
    expect((await search(admin, base.uuid, 'islands')).records.map((record) => record.uuid)).toEqual([
      second.data.uuid,
    ]);
    // A base that does not exist has no records; a uuid that cannot name one is refused (A0002).
    expect(await search(admin, '0'.repeat(32))).toMatchObject({ records: [], total: 0 });
  });

  it('deletes one record, and clears all of the caller’s records', async () => {
    const base = await api.createBase(admin, 'Deleting', true);
    const one = await add(admin, base.uuid, 'Question one');
    const two = await add(admin, base.uuid, 'Question two');
    const bobs = await add(bob, base.uuid, 'Bob asks');
    expect(await api.call('POST', `/knowledge-base/qa/del/${one.data.uuid}`, admin)).toEqual({
      success: true,
      data: true,
    });
    expect((await search(admin, base.uuid)).records.map((record) => record.uuid)).toEqual([
      bobs.data.uuid,
      two.data.uuid,
    ]);
    expect(await api.call('POST', '/knowledge-base/qa/clear', admin)).toEqual({ success: true });
    expect((await search(admin, marsupials.uuid)).records).toEqual([]);
    expect((await search(bob, base.uuid)).records.map((record) => record.uuid)).toEqual([bobs.data.uuid]);
    const gone = await processRecord(admin, two.data.uuid);
    expect(gone.events.map((event) => event.event)).toEqual(['[ERROR]']);
  });

  it('shares the one-answer-in-flight guard with conversations', async () => {
    const slow = await add(admin, pandas.uuid, 'What do pandas eat?');
    const other = await add(admin, pandas.uuid, 'Where do pandas live?');
    fake.enqueue({ content: '{"paragraphs":[{"text":"Bamboo, mostly.","citationIds":[]}]}', stallAfterChunks: 2 });
    const asked = fake.received(fake.requests.length);
    const abort = new AbortController();
    const inFlight = processRecord(admin, slow.data.uuid, abort.signal).catch(() => undefined);
    await eventWithin(asked, { what: 'the first question to reach the model' });

    const second = await processRecord(admin, other.data.uuid);
    expect(second.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(second.events[0]!.data).toMatch(/^ANSWER_IN_PROGRESS: /);
    const conversation = await server.firstConversation(admin);
    const chat = await ask(server.baseUrl, admin, { conversationUuid: conversation, prompt: 'Hello?' });
    expect(chat.events.map((event) => event.event)).toEqual(['[ERROR]']);

    abort.abort();
    await inFlight;
    // The guard is released once the reader has gone.
    fake.always({ content: '{"paragraphs":[{"text":"In Sichuan.","citationIds":[]}]}' });
    try {
      const retry = await waitFor(
        async () => {
          const reply = await processRecord(admin, other.data.uuid);
          return reply.events[0]!.event === '[START]' && reply;
        },
        { what: 'the answer-in-flight guard to be released' },
      );
      expect(stockAppAnswer(retry.events)).toBe('In Sichuan.');
    } finally {
      fake.always({ content: '{"paragraphs":[]}' });
    }
  });
});

describe('knowledge-base Q&A with the offline model', () => {
  let server: RunningApp;

  beforeAll(async () => {
    server = await startApp({ OFFLINE_CHUNK_DELAY_MS: '0' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers a question about the sample knowledge base from its chunks, as a fresh start would', async () => {
    const token = await server.login();
    const api = jsonApi(server.baseUrl);
    const added = await api.call<QaDto>('POST', `/knowledge-base/qa/add/${SAMPLE_KNOWLEDGE_BASE_UUID}`, token, {
      question: 'Why do citation numbers never change once shown?',
      modelName: '',
    });
    const reply = await postSse(`${server.baseUrl}/knowledge-base/qa/process/${added.data.uuid}`, token, {
      qaRecordUuid: added.data.uuid,
    });
    const shown = stockAppAnswer(reply.events);
    expect(shown).toContain('a number never changes once it has been shown');
    const records = await api.call<{ records: QaDto[] }>(
      'GET',
      `/knowledge-base/qa/search?kbUuid=${SAMPLE_KNOWLEDGE_BASE_UUID}&keyword=&currentPage=1&pageSize=20`,
      token,
    );
    expect(records.data.records).toMatchObject([{ uuid: added.data.uuid, answer: shown, aiModelPlatform: 'offline' }]);
    const citation = await api.call<{ paragraphs: { citationIds: string[] }[] }>(
      'GET',
      `/knowledge-base/qa/citation/${added.data.uuid}`,
      token,
    );
    expect(citation.data.paragraphs[0]!.citationIds.length).toBeGreaterThan(0);
  });
});

describe('knowledge-base Q&A with the drop policy and refusals', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let admin: string;
  let api: ReturnType<typeof jsonApi>;
  let marsupials: { id: string; uuid: string };

  beforeAll(async () => {
    ({ server, token: admin } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      CITATION_SUPPORT_POLICY: 'drop',
      CITATION_NO_SOURCES: 'refuse',
    }));
    api = jsonApi(server.baseUrl);
    marsupials = await api.createBase(admin, 'Marsupials', false);
    await api.addDocuments(admin, marsupials.uuid, { 'quokka.txt': QUOKKAS });
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  const ask = async (question: string) => {
    const added = await api.call<QaDto>('POST', `/knowledge-base/qa/add/${marsupials.uuid}`, admin, {
      question,
      modelName: '',
    });
    const reply = await postSse(`${server.baseUrl}/knowledge-base/qa/process/${added.data.uuid}`, admin, {
      qaRecordUuid: added.data.uuid,
    });
    return { uuid: added.data.uuid, reply };
  };

  it('stores only the citations their source does not contradict', async () => {
    fake.enqueue({
      content: JSON.stringify({
        paragraphs: [
          { text: 'Quokkas live on Rottnest Island near Perth.', citationIds: ['E1'] },
          { text: WRONG_ISLAND, citationIds: ['E1'] },
        ],
      }),
    });
    const { uuid, reply } = await ask('Where do quokkas live?');
    expect(reply.events.map((event) => event.event)).not.toContain('[CITATION_PARAGRAPH]');
    const citation = await api.call<{ paragraphs: { citationIds: string[] }[] }>(
      'GET',
      `/knowledge-base/qa/citation/${uuid}`,
      admin,
    );
    expect(citation.data.paragraphs.map((paragraph) => paragraph.citationIds)).toEqual([['E1'], []]);
  });

  it('stores what the support check found of each citation, quotes with their span, and gives it back', async () => {
    fake.enqueue({
      content: JSON.stringify({
        paragraphs: [
          {
            text: 'Quokkas live on Rottnest Island near Perth.',
            citationIds: ['E1'],
            quotes: [{ citationId: 'E1', text: 'live on Rottnest Island near Perth' }],
          },
          { text: WRONG_ISLAND, citationIds: ['E1'] },
        ],
      }),
    });
    const { uuid } = await ask('Where do quokkas live?');
    const citation = await api.call<{ paragraphs: StoredParagraph[]; refs: { payload: { text: string } }[] }>(
      'GET',
      `/knowledge-base/qa/citation/${uuid}`,
      admin,
    );
    const [kept, dropped] = citation.data.paragraphs;
    expect(kept).toMatchObject({
      citationIds: ['E1'],
      verdict: 'verified',
      supported: true,
      inferred: false,
      support: [{ citationId: 'E1', verdict: 'verified', quote: { text: 'live on Rottnest Island near Perth' } }],
    });
    expect(kept!.support![0]!.score).toBeGreaterThanOrEqual(0.5);
    const quote = kept!.support![0]!.quote!;
    expect(citation.data.refs[0]!.payload.text.slice(quote.start, quote.end)).toBe(quote.text);
    // The evidence is stored too: the source's sentence the paragraph repeats.
    const [span] = kept!.support![0]!.evidence!.spans;
    expect(citation.data.refs[0]!.payload.text.slice(span!.start, span!.end)).toContain('live on Rottnest Island');
    // The contradicted citation was dropped before it was numbered: nothing of it is stored.
    expect(dropped).toMatchObject({
      citationIds: [],
      verdict: 'unverified',
      supported: false,
      inferred: false,
      support: [],
    });
  });

  it('refuses without asking the model when the knowledge base offers nothing', async () => {
    const before = fake.requests.length;
    const { reply } = await ask('Zyxwvut qwertyuiop?');
    expect(fake.requests.length).toBe(before);
    expect(stockAppAnswer(reply.events)).toContain('knowledge base has nothing relevant');
    expect(reply.events.at(-1)!.event).toBe('[DONE]');
  });
});
