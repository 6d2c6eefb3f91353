import pg from 'pg';
import { AuthService } from '../src/accounts/auth.service.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { startWithModel, type RunningApp } from './support/app.js';
import { answerText, ask, legacyAnswerText, meta, named, openAsk } from './support/sse-client.js';
import { waitFor } from './support/wait-for.js';

const ANSWER =
  '{"paragraphs":[{"text":"Numbers are given at first citation [E1].","citationIds":["E2"]},{"text":"They never change.","citationIds":["E2","G1","E9"]},{"text":"No source here.","citationIds":[]}]}';
const QUESTION = 'How are citation numbers given and why do they never change?';

describe('answers are stored, and read back only by their owner', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let conversation: string;
  let db: pg.Client;

  const get = async (path: string, auth: string | null = token) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: auth ? { Authorization: auth } : {} });
    return { status: response.status, text: await response.text() };
  };
  const getData = async <T>(path: string, auth: string = token): Promise<T> => {
    const body = JSON.parse((await get(path, auth)).text) as { success: boolean; data: T };
    expect(body.success).toBe(true);
    return body.data;
  };

  beforeAll(async () => {
    ({ server, token, conversation } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      ASK_REPAIR_RETRY: 'false',
      JOURNAL_STORE_RETRY_MS: '300',
    }));
    db = new pg.Client({ connectionString: server.database!.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await server.close();
    await fake.stop();
  });

  it('stores everything before [DONE]: the citation view equals the stream, the refs answer at once', async () => {
    fake.enqueue({ content: ANSWER, delayMs: 1 });
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
    const answerUuid = meta(reply.events).answer!.uuid as string;

    const view = await getData<{
      paragraphs: unknown[];
      refs: unknown[];
      citationMode: string;
      hasCitationError: boolean;
    }>(`/conversation/message/citation/${answerUuid}`);
    expect(view.paragraphs).toEqual(
      named(reply.events, '[CITATION_PARAGRAPH]').map((event) => JSON.parse(event.data) as unknown),
    );
    expect(view.refs).toEqual(named(reply.events, '[CITATION_REF]').map((event) => JSON.parse(event.data) as unknown));
    expect(view).toMatchObject({ citationMode: 'paragraph', hasCitationError: false });

    const refs = await getData<{ embeddingId: string; text: string }[]>(
      `/conversation/message/embedding-ref/${answerUuid}`,
    );
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((ref) => ref.text.length > 0 && /^[0-9a-f-]{36}$/.test(ref.embeddingId))).toBe(true);
    const graph = await getData<{ vertices: unknown[]; edges: unknown[]; entitiesFromQuestion: unknown[] }>(
      `/conversation/message/graph-ref/${answerUuid}`,
    );
    expect(Array.isArray(graph.vertices) && Array.isArray(graph.edges)).toBe(true);

    const history = await getData<{
      minMsgUuid: string;
      msgList: { remark: string; attachmentUrls: unknown[]; children: { uuid: string; remark: string }[] }[];
    }>(`/conversation/${conversation}?maxMsgUuid=&pageSize=20`);
    expect(history.msgList[0]).toMatchObject({ remark: QUESTION, attachmentUrls: [] });
    expect(history.msgList[0]!.children[0]).toMatchObject({ uuid: answerUuid, remark: legacyAnswerText(reply.events) });

    // "Which answers cited this chunk?" is one indexed lookup on the normalized table.
    const cited = (JSON.parse(named(reply.events, '[CITATION_REF]')[0]!.data) as { payload: { embeddingId: string } })
      .payload;
    const byChunk = await getData<{ records: { answerUuid: string }[] }>(
      `/admin/citation/paragraphs?sourceId=${cited.embeddingId}`,
    );
    expect(byChunk.records.map((record) => record.answerUuid)).toContain(answerUuid);
    const plan = (await db.query(
      `EXPLAIN SELECT message_id FROM adi_conversation_message_citation WHERE source_id = $1`,
      [cited.embeddingId],
    )) as { rows: { 'QUERY PLAN': string }[] };
    await db.query('SET enable_seqscan = off');
    const indexed = (await db.query(
      `EXPLAIN SELECT message_id FROM adi_conversation_message_citation WHERE source_id = $1`,
      [cited.embeddingId],
    )) as {
      rows: { 'QUERY PLAN': string }[];
    };
    await db.query('SET enable_seqscan = on');
    expect(plan.rows.length).toBeGreaterThan(0);
    expect(indexed.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index/);
  });

  it('answers a bad login as the stock frontend expects: HTTP 200, success false, a code and a message', async () => {
    const login = async (body: unknown) => {
      const response = await fetch(`${server.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const blank = await login({ email: '', password: '' });
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({ success: false, code: 'A0002' });
    expect(blank.body.message).toContain('email');
    const wrong = await login({ email: 'admin@example.test', password: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 200, body: { success: false, code: 'A0004' } });
  });

  it('answers a missing or unknown token with a bare 401, and an unknown route with 404', async () => {
    expect(await get('/conversation/list', null)).toEqual({ status: 401, text: '' });
    expect(await get('/conversation/list', 'not-a-token')).toEqual({ status: 401, text: '' });
    expect((await get('/no/such/route')).status).toBe(404);
    expect((await get('/no/such/route', null)).status).toBe(404);
  });

  it("reads someone else's answer and conversation as not found; an admin reads all", async () => {
    const auth = server.app.get(AuthService);
    await auth.createUser({
      name: 'mallory',
      email: 'mallory@example.test',
      password: 'mallory-password',
      isAdmin: false,
    });
    const other = await server.login('mallory@example.test', 'mallory-password');
    const otherConversation = await server.firstConversation(other);
    fake.enqueue({ content: ANSWER });
    const reply = await ask(server.baseUrl, other, { conversationUuid: otherConversation, prompt: QUESTION });
    const answerUuid = meta(reply.events).answer!.uuid as string;

    for (const path of [
      `/conversation/message/embedding-ref/${answerUuid}`,
      `/conversation/message/citation/${answerUuid}`,
    ]) {
      const asOwner = JSON.parse((await get(path, other)).text) as { success: boolean };
      expect(asOwner.success).toBe(true);
      const asAdmin = JSON.parse((await get(path, token)).text) as { success: boolean };
      expect(asAdmin.success).toBe(true);
    }
    // The admin's conversation, asked about by the other user: not found.
    const refused = await ask(server.baseUrl, other, { conversationUuid: conversation, prompt: QUESTION });
    expect(refused.events.map((event) => event.event)).toEqual(['[ERROR]']);
    expect(refused.events[0]!.data).toMatch(/^CONVERSATION_NOT_FOUND: /);
    const adminsRefs = await get(`/conversation/message/citation/${answerUuid}`, other);
    expect(JSON.parse(adminsRefs.text)).toMatchObject({ success: true });
    const firstAnswer = (
      await getData<{ msgList: { children: { uuid: string }[] }[] }>(
        `/conversation/${conversation}?maxMsgUuid=&pageSize=20`,
      )
    ).msgList.at(-1)!.children[0]!.uuid;
    expect(JSON.parse((await get(`/conversation/message/embedding-ref/${firstAnswer}`, other)).text)).toMatchObject({
      success: false,
      code: 'A0008',
    });
    expect(JSON.parse((await get(`/conversation/${conversation}?maxMsgUuid=&pageSize=20`, other)).text)).toMatchObject({
      success: false,
      code: 'A0016',
    });
    const forbidden = await get('/admin/citation/quality', other);
    expect(forbidden.status).toBe(200);
    expect(JSON.parse(forbidden.text)).toMatchObject({ success: false, code: 'A0016' });
  });

  it('keeps an answer whose end cannot be stored, tells the client, and stores it once the database takes it', async () => {
    await db.query(
      `CREATE FUNCTION refuse_citation() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$ LANGUAGE plpgsql`,
    );
    await db.query(
      `CREATE TRIGGER refuse_citation BEFORE INSERT ON adi_conversation_message_citation FOR EACH ROW EXECUTE FUNCTION refuse_citation()`,
    );
    let answerUuid: string;
    try {
      fake.enqueue({ content: ANSWER });
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
      answerUuid = reply.headers.get('x-answer-uuid')!;
      expect(reply.events.at(-1)).toMatchObject({ event: '[ERROR]' });
      expect(reply.events.at(-1)!.data).toMatch(/^ANSWER_NOT_SAVED: /);
      expect(named(reply.events, '[DONE]')).toEqual([]);
      // The question and the text shown so far are stored; the end waits for the database.
      const row = await db.query(`SELECT remark, answer_status FROM adi_conversation_message WHERE uuid = $1`, [
        answerUuid,
      ]);
      expect(row.rows[0]).toMatchObject({ answer_status: 'streaming' });
    } finally {
      await db.query('DROP TRIGGER refuse_citation ON adi_conversation_message_citation');
      await db.query('DROP FUNCTION refuse_citation');
    }
    // The whole answer was shown: once the database takes it, it is stored complete.
    await waitFor(
      async () => {
        const row = await db.query(`SELECT answer_status FROM adi_conversation_message WHERE uuid = $1`, [answerUuid]);
        return (row.rows[0] as { answer_status: string }).answer_status === 'complete';
      },
      { what: 'the answer to be stored complete', intervalMs: 100 },
    );
    const paragraphs = await db.query(
      `SELECT count(*) AS n FROM adi_conversation_message_citation_paragraph p JOIN adi_conversation_message m ON m.id = p.message_id WHERE m.uuid = $1`,
      [answerUuid],
    );
    expect(Number((paragraphs.rows[0] as { n: string }).n)).toBe(3);
  });

  it('ends the stream with [ERROR], not a hang, when the database fails after [START]', async () => {
    // Retrieval's chunks are read after [START] (the conversation and its knowledge bases, before it).
    await db.query('ALTER TABLE adi_knowledge_base_embedding RENAME TO adi_knowledge_base_embedding_away');
    try {
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: QUESTION });
      expect(reply.events[0]).toMatchObject({ event: '[START]' });
      expect(reply.events.at(-1)).toMatchObject({ event: '[ERROR]' });
    } finally {
      await db.query('ALTER TABLE adi_knowledge_base_embedding_away RENAME TO adi_knowledge_base_embedding');
    }
  });

  it('keeps what was shown of an answer the client left, marked as interrupted', async () => {
    fake.enqueue({ content: ANSWER, chunkSizes: [6], delayMs: 25 });
    const controller = new AbortController();
    const stream = await openAsk(
      server.baseUrl,
      token,
      { conversationUuid: conversation, prompt: 'interrupted question' },
      controller.signal,
    );
    await stream.until(answerText, 'the first text of the answer');
    controller.abort();
    await stream.finished.catch(() => undefined);
    const row = await waitFor(
      async () =>
        (
          await db.query(
            `SELECT remark, answer_status FROM adi_conversation_message WHERE message_role = 3 AND answer_status = 'interrupted'`,
          )
        ).rows[0] as { remark: string; answer_status: string } | undefined,
      { what: 'the interrupted answer to be stored' },
    );
    expect(row.remark.length).toBeGreaterThan(0);
    expect('Numbers are given at first citation.\n\nThey never change.\n\nNo source here.'.startsWith(row.remark)).toBe(
      true,
    );
  });

  it('reports citation quality to admins', async () => {
    const quality = await getData<Record<string, number>>('/admin/citation/quality');
    expect(quality.answers).toBeGreaterThanOrEqual(2);
    expect(quality.paragraphModeShare).toBeGreaterThan(0);
    expect(quality.droppedIdRate).toBeGreaterThan(0);
    expect(quality.meanParagraphsPerAnswer).toBeGreaterThan(1);
    const errors = await getData<{ records: unknown[] }>('/admin/citation/paragraphs?hasCitationError=true');
    expect(Array.isArray(errors.records)).toBe(true);
  });

  it('keeps the stock frontend shapes for conversations: arrays always present, kbIds as strings', async () => {
    const created = await fetch(`${server.baseUrl}/conversation/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({
        uuid: '',
        title: 'Second',
        kbIds: [],
        mcpIds: [],
        loadedAll: false,
        convKnowledgeList: [],
      }),
    });
    const dto = ((await created.json()) as { data: Record<string, unknown> }).data;
    expect(dto).toMatchObject({ title: 'Second', mcpIds: [], kbIds: [], convKnowledgeList: [] });
    const uuid = dto.uuid as string;
    const sampleId = (await getData<{ kbIds: string[] }[]>('/conversation/list')).at(-1)!.kbIds[0]!;
    await fetch(`${server.baseUrl}/conversation/edit/${uuid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: token },
      body: JSON.stringify({ kbIds: [sampleId] }),
    });
    const list =
      await getData<{ uuid: string; kbIds: string[]; convKnowledgeList: { id: string; title: string }[] }[]>(
        '/conversation/list',
      );
    const edited = list.find((item) => item.uuid === uuid)!;
    expect(edited.kbIds).toEqual([sampleId]);
    expect(typeof sampleId).toBe('string');
    expect(edited.convKnowledgeList).toMatchObject([
      { id: sampleId, title: expect.stringContaining('Sample') as string },
    ]);
    await fetch(`${server.baseUrl}/conversation/del/${uuid}`, { method: 'POST', headers: { Authorization: token } });
    expect((await getData<{ uuid: string }[]>('/conversation/list')).map((item) => item.uuid)).not.toContain(uuid);
  });
});
