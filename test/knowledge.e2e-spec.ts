import { AuthService } from '../src/accounts/auth.service.js';
import { startApp, type RunningApp } from './support/app.js';
import { indexed } from './support/knowledge-api.js';
import { ask, legacyAnswerText, meta, named } from './support/sse-client.js';

const ENGLISH_DOC = `Quokkas are small marsupials that live on Rottnest Island near Perth.
They are active at night and eat leaves, grasses and stems.

A quokka can survive for long periods without water, taking moisture from the plants it eats.
Visitors must not feed them: human food makes them ill.`;

const CHINESE_DOC = '大熊猫主要生活在四川的竹林中。它们每天要花十多个小时吃竹子。大熊猫的幼崽出生时只有一百克左右。';

describe('knowledge bases: add a document, index it, ask about it', () => {
  let server: RunningApp;
  let token: string;
  let otherToken: string;

  type Envelope<T> = { success: boolean; code?: string; message?: string; data: T };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, auth = token): Promise<Envelope<T>> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Envelope<T>;
  };
  const upload = async (kbUuid: string, name: string, content: string, auth = token, index = false) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/plain' }), name);
    const response = await fetch(`${server.baseUrl}/knowledge-base/upload/${kbUuid}?indexAfterUpload=${index}`, {
      method: 'POST',
      headers: { Authorization: auth },
      body: form,
    });
    return (await response.json()) as Envelope<{ uuid: string; item: { uuid: string } }>;
  };
  const createBase = async (title: string, isPublic: boolean, auth = token) =>
    (
      await call<{ id: string; uuid: string }>(
        'POST',
        '/knowledge-base/saveOrUpdate',
        { id: '0', title, isPublic, remark: '' },
        auth,
      )
    ).data;
  const waitIndexed = (auth = token) => indexed(server.baseUrl, auth);
  const newConversation = async (title: string, kbIds: string[], auth = token) =>
    (await call<{ uuid: string }>('POST', '/conversation/add', { title, kbIds }, auth)).data.uuid;

  beforeAll(async () => {
    server = await startApp({ OFFLINE_CHUNK_DELAY_MS: '0', ASK_RATE_LIMIT_PER_MINUTE: '1000' });
    token = await server.login();
    await server.app
      .get(AuthService)
      .createUser({ name: 'bob', email: 'bob@example.test', password: 'bob-password', isAdmin: false });
    otherToken = await server.login('bob@example.test', 'bob-password');
  });

  afterAll(async () => {
    await server.close();
  });

  it('uploads a text file, indexes it, and answers from it with the cited chunk in the stream and in embedding-ref', async () => {
    const base = await createBase('Marsupials', false);
    const uploaded = await upload(base.uuid, 'quokka.txt', ENGLISH_DOC);
    expect(uploaded.success).toBe(true);
    const items = await call<{ records: { uuid: string; embeddingStatus: string; brief: string }[] }>(
      'GET',
      `/knowledge-base-item/search?keyword=&kbUuid=${base.uuid}&currentPage=1&pageSize=10`,
    );
    expect(items.data.records).toMatchObject([{ embeddingStatus: 'NONE' }]);
    expect(typeof items.data.records[0]!.brief).toBe('string');

    const indexing = await call<boolean>('POST', '/knowledge-base/item/indexing-list', {
      uuids: [uploaded.data.item.uuid],
      indexTypes: ['embedding'],
    });
    expect(indexing.success).toBe(true);
    await waitIndexed();
    const indexed = await call<{ records: { embeddingStatus: string }[] }>(
      'GET',
      `/knowledge-base-item/search?keyword=&kbUuid=${base.uuid}&currentPage=1&pageSize=10`,
    );
    expect(indexed.data.records).toMatchObject([{ embeddingStatus: 'DONE' }]);
    expect(
      (await call<{ embeddingCount: number }>('GET', `/knowledge-base/info/${base.uuid}`)).data.embeddingCount,
    ).toBeGreaterThan(0);

    const conversation = await newConversation('Quokkas', [base.id]);
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: 'How do quokkas survive without water?',
    });
    expect(legacyAnswerText(reply.events)).toContain('survive for long periods without water');
    const refs = named(reply.events, '[CITATION_REF]').map(
      (event) => JSON.parse(event.data) as { payload: { text: string; embeddingId: string } },
    );
    expect(refs[0]!.payload.text).toContain('survive for long periods without water');
    const answerUuid = meta(reply.events).answer!.uuid as string;
    const embeddingRefs = await call<{ embeddingId: string; text: string }[]>(
      'GET',
      `/conversation/message/embedding-ref/${answerUuid}`,
    );
    expect(embeddingRefs.data.map((ref) => ref.embeddingId)).toContain(refs[0]!.payload.embeddingId);

    // Re-indexing replaces the chunks; the old answer's references still read as they were cited.
    const item = items.data.records[0]!;
    await call('POST', '/knowledge-base-item/saveOrUpdate', {
      uuid: item.uuid,
      kbUuid: base.uuid,
      title: 'quokka.txt',
      remark: 'Quokkas were renamed in this edit.',
    });
    await call('POST', '/knowledge-base/item/indexing-list', { uuids: [item.uuid], indexTypes: ['embedding'] });
    await waitIndexed();
    const after = await call<{ embeddingId: string; text: string }[]>(
      'GET',
      `/conversation/message/embedding-ref/${answerUuid}`,
    );
    expect(after.data).toEqual(embeddingRefs.data);
    const view = await call<{ refs: { payload: { text: string } }[] }>(
      'GET',
      `/conversation/message/citation/${answerUuid}`,
    );
    expect(view.data.refs[0]!.payload.text).toContain('survive for long periods without water');
  });

  it('finds a Chinese chunk for a Chinese question, from a Markdown upload indexed on upload', async () => {
    const base = await createBase('动物', true);
    expect((await upload(base.uuid, '熊猫.md', `# 大熊猫\n\n${CHINESE_DOC}`, token, true)).success).toBe(true);
    await waitIndexed();
    const conversation = await newConversation('熊猫', [base.id]);
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: '大熊猫每天吃多久竹子？',
    });
    expect(legacyAnswerText(reply.events)).toContain('它们每天要花十多个小时吃竹子');
  });

  it('refuses files it cannot read, with a message that says what to do', async () => {
    const base = await createBase('Files', false);
    const refused = await upload(base.uuid, 'report.pdf', '%PDF-1.7 …');
    expect(refused).toMatchObject({ success: false, code: 'A0018' });
    expect(refused.message).toContain('.txt and .md');
  });

  it('lets anyone attach a public knowledge base, refuses a private one of someone else, and hides it', async () => {
    const privateBase = await createBase('Private notes', false);
    const publicBase = await createBase('Public notes', true);
    const refused = await call('POST', '/conversation/add', { title: 'Trying', kbIds: [privateBase.id] }, otherToken);
    expect(refused).toMatchObject({ success: false, code: 'A0016' });
    expect(refused.message).toContain(privateBase.id);
    expect(
      (await call('POST', '/conversation/add', { title: 'Public', kbIds: [publicBase.id] }, otherToken)).success,
    ).toBe(true);
    expect(await call('GET', `/knowledge-base/info/${privateBase.uuid}`, undefined, otherToken)).toMatchObject({
      success: false,
      code: 'A0017',
    });
    const forbidden = await upload(publicBase.uuid, 'x.txt', 'Some text.', otherToken);
    expect(forbidden).toMatchObject({ success: false, code: 'A0016' });

    const mine = await call<{ records: { uuid: string }[] }>(
      'GET',
      '/knowledge-base/mine/search?keyword=&currentPage=1&pageSize=50',
      undefined,
      otherToken,
    );
    expect(mine.data.records.map((record) => record.uuid)).not.toContain(publicBase.uuid);
    const withPublic = await call<{ records: { uuid: string; ownerName: string; isPublic: boolean }[] }>(
      'GET',
      '/knowledge-base/mine/search?keyword=&currentPage=1&pageSize=50&includeOthersPublic=true',
      undefined,
      otherToken,
    );
    const uuids = withPublic.data.records.map((record) => record.uuid);
    expect(uuids).toContain(publicBase.uuid);
    expect(uuids).not.toContain(privateBase.uuid);
  });

  it('adds graph facts through the API and cites them as G ids, with the legacy vertex and edge fields', async () => {
    const base = await createBase('Islands', true);
    const added = await call<{ vertices: number; edges: number }>(
      'POST',
      `/knowledge-base/graph/${base.uuid}/triples`,
      {
        triples: [
          {
            source: { name: 'Quokka', label: 'Animal', description: 'A small marsupial.' },
            relation: { label: 'lives on', description: 'Quokkas live on Rottnest Island.' },
            target: { name: 'Rottnest Island', label: 'Place', description: 'An island off Perth.' },
          },
        ],
      },
    );
    expect(added.data).toEqual({ vertices: 2, edges: 1 });
    const conversation = await newConversation('Islands', [base.id]);
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: 'Where does the quokka live, Rottnest Island?',
    });
    const graphRefs = named(reply.events, '[CITATION_REF]')
      .map((event) => JSON.parse(event.data) as { citationId: string; type: string; payload: Record<string, unknown> })
      .filter((ref) => ref.type === 'graph');
    expect(graphRefs.length).toBeGreaterThan(0);
    expect(graphRefs.every((ref) => ref.citationId.startsWith('G'))).toBe(true);
    const graph = await call<{ vertices: Record<string, unknown>[]; edges: Record<string, unknown>[] }>(
      'GET',
      `/conversation/message/graph-ref/${meta(reply.events).answer!.uuid as string}`,
    );
    expect(graph.data.vertices.map((vertex) => vertex.name).sort()).toEqual(['Quokka', 'Rottnest Island']);
    expect(graph.data.edges[0]).toMatchObject({
      label: 'lives on',
      sourceName: 'Quokka',
      targetName: 'Rottnest Island',
    });
    for (const field of ['id', 'label', 'name', 'description', 'text_segment_id', 'metadata']) {
      expect(graph.data.vertices[0]).toHaveProperty(field);
    }
    for (const field of ['id', 'label', 'weight', 'description', 'text_segment_id', 'metadata', 'startId', 'endId']) {
      expect(graph.data.edges[0]).toHaveProperty(field);
    }
  });
});
