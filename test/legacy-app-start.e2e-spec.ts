import { startWithModel, type ModelTestbed } from './support/app.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { indexed } from './support/knowledge-api.js';
import { call } from './support/legacy-http.js';
import { ask, named } from './support/sse-client.js';

/** What the stock frontend loads at start and on its settings page, and the screens this product does not provide. */
describe('stock frontend start-up calls', () => {
  const fake = new FakeOpenAi();
  let bed: ModelTestbed;
  const get = <T>(path: string, token?: string) => call<T>(bed.server.baseUrl, 'GET', path, token ? { token } : {});
  const post = <T>(path: string, token?: string, body?: unknown) =>
    call<T>(bed.server.baseUrl, 'POST', path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    fake.always({
      content: '{"paragraphs":[{"text":"An answer.","citationIds":[]}]}',
    });
    bed = await startWithModel(fake, { OPENAI_MODEL: 'model-default', OPENAI_MODELS: 'model-b, model-c' });
  });

  afterAll(async () => {
    await bed.server.close();
    await fake.stop();
  });

  it('lists the configured models without a token, the default first, with string ids', async () => {
    const { status, body } = await get<Record<string, unknown>[]>('/model/llms');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.map((model) => model.modelName)).toEqual(['model-default', 'model-b', 'model-c']);
    for (const model of body.data) {
      expect(typeof model.modelId).toBe('string');
      expect(model).toMatchObject({ modelPlatform: 'openai', enable: true, inputTypes: 'text', properties: {} });
      expect(typeof model.isReasoner).toBe('boolean');
      expect(typeof model.isThinkingClosable).toBe('boolean');
    }
    expect(new Set(body.data.map((model) => model.modelId)).size).toBe(3);
  });

  it('sends a question to the model the picker listed', async () => {
    const { body } = await get<{ modelName: string }[]>('/model/llms');
    const reply = await ask(bed.server.baseUrl, bed.token, {
      conversationUuid: bed.conversation,
      prompt: 'Which model answers?',
      modelName: body.data[2]!.modelName,
    });
    expect(named(reply.events, '[DONE]')).toHaveLength(1);
    expect(fake.requests.at(-1)!.body.model).toBe('model-c');
  });

  it('answers image models, search engines and public settings in the shapes the start chain needs', async () => {
    expect((await get('/model/imageModels')).body).toEqual({ success: true, data: [] });
    expect((await get('/auth/search-engine/list')).body).toEqual({ success: true, data: [] });
    const info = await get<Record<string, unknown>>('/sys/config/public/info');
    expect(info.body.data).toMatchObject({
      ttsSetting: { synthesizer_side: 'client', model_name: '', platform: '' },
      availableVoices: [],
      asrSetting: { model_name: '', platform: '' },
      registrationEnabled: true,
    });
  });

  it('shows the limits and the real usage of today and this month, with every quota object present', async () => {
    const other = await registerAndLogin(bed.server.baseUrl, 'usage@example.test');
    const before = await get<UserConfig>('/user/config', other);
    expect(before.body.data.quotaCost.freeRequestTimes).toEqual({ todayRequestTimes: 0, monthRequestTimes: 0 });
    expect(before.body.data.quotaCost.freeTokenCost).toEqual({ todayTokenCost: 0, monthTokenCost: 0 });

    const conversation = await bed.server.firstConversation(other);
    for (const prompt of ['First question?', 'Second question?']) {
      const reply = await ask(bed.server.baseUrl, other, { conversationUuid: conversation, prompt });
      expect(named(reply.events, '[DONE]')).toHaveLength(1);
    }
    const { body } = await get<UserConfig>('/user/config', other);
    expect(body.success).toBe(true);
    expect(body.data.contextMsgPairNum).toBe(3);
    expect(body.data.userQuota).toEqual({
      tokenByDay: 10_000_000,
      tokenByMonth: 300_000_000,
      requestTimesByDay: 10000,
      requestTimesByMonth: 300000,
      drawByDay: 0,
      drawByMonth: 0,
    });
    // The fake model reports 140 tokens per exchange.
    expect(body.data.quotaCost).toEqual({
      freeTokenCost: { todayTokenCost: 280, monthTokenCost: 280 },
      paidTokenCost: { todayTokenCost: 0, monthTokenCost: 0 },
      freeRequestTimes: { todayRequestTimes: 2, monthRequestTimes: 2 },
      paidRequestTimes: { todayRequestTimes: 0, monthRequestTimes: 0 },
      freeDrawTimes: { todayDrawTimes: 0, monthDrawTimes: 0 },
      paidDrawTimes: { todayDrawTimes: 0, monthDrawTimes: 0 },
    });
    // The admin's usage is the admin's own.
    const admin = await get<UserConfig>('/user/config', bed.token);
    expect(admin.body.data.quotaCost.freeRequestTimes.todayRequestTimes).toBe(1);
  });

  it('needs a token for the settings', async () => {
    expect((await get('/user/config')).status).toBe(401);
  });

  it('draws an avatar without a token: a PNG of the asked size, cached for a year', async () => {
    const response = await fetch(
      `${bed.server.baseUrl}/user/avatar/0123456789abcdef0123456789abcdef?width=128&height=128`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
    const small = Buffer.from(await (await fetch(`${bed.server.baseUrl}/user/avatar/1`)).arrayBuffer());
    expect([small.readUInt32BE(16), small.readUInt32BE(20)]).toEqual([64, 64]);
    const again = Buffer.from(
      await (
        await fetch(`${bed.server.baseUrl}/user/avatar/0123456789abcdef0123456789abcdef?width=128&height=128`)
      ).arrayBuffer(),
    );
    expect(again.equals(png)).toBe(true);
    const tooBig = await get('/user/avatar/1?width=500&height=500');
    expect(tooBig.body).toMatchObject({ success: false, code: 'B0003' });
  });

  it('draws an item’s graph for the 图谱 dialog, with both ends of every edge, to those who may read it', async () => {
    const base = (await post<{ uuid: string }>('/knowledge-base/saveOrUpdate', bed.token, { title: 'Ferries' })).body
      .data;
    const item = (
      await post<{ uuid: string }>('/knowledge-base-item/saveOrUpdate', bed.token, {
        kbUuid: base.uuid,
        title: 'ferry.txt',
        remark: 'The Harbour Ferry crosses to Kelp Island every hour.',
      })
    ).body.data;
    fake.enqueue({
      content: JSON.stringify({
        triples: [
          {
            source: { name: 'Harbour Ferry', label: 'Vessel' },
            relation: { label: 'crosses to' },
            target: { name: 'Kelp Island', label: 'Place' },
          },
        ],
      }),
    });
    await post('/knowledge-base/item/indexing-list', bed.token, {
      uuids: [item.uuid],
      indexTypes: ['embedding', 'graphical'],
    });
    await indexed(bed.server.baseUrl, bed.token);
    const path = `/knowledge-base-graph/list/${item.uuid}?limit=100&maxEdgeId=9007199254740991&maxVertexId=9007199254740991`;
    const { body } = await get<{
      vertices: { id: string; name: string }[];
      edges: { startId: string; endId: string; label: string }[];
    }>(path, bed.token);
    expect(body.data.vertices.map((vertex) => vertex.name).sort()).toEqual(['Harbour Ferry', 'Kelp Island']);
    expect(body.data.edges).toHaveLength(1);
    const ids = body.data.vertices.map((vertex) => vertex.id);
    expect(ids).toContain(body.data.edges[0]!.startId);
    expect(ids).toContain(body.data.edges[0]!.endId);

    const stranger = await registerAndLogin(bed.server.baseUrl, 'stranger@example.test');
    expect((await get(path, stranger)).body).toMatchObject({ success: false, code: 'A0019' });
  });

  it('deletes a question with its answers for its owner only', async () => {
    const owner = await registerAndLogin(bed.server.baseUrl, 'deleter@example.test');
    const conversation = await bed.server.firstConversation(owner);
    await ask(bed.server.baseUrl, owner, { conversationUuid: conversation, prompt: 'To be deleted?' });
    const history = async () =>
      (
        await get<{ msgList: { uuid: string; children: { uuid: string }[] }[] }>(
          `/conversation/${conversation}?maxMsgUuid=&pageSize=20`,
          owner,
        )
      ).body.data.msgList;
    const [question] = await history();
    expect(question!.children).toHaveLength(1);

    expect((await post(`/conversation/message/del/${question!.uuid}`, bed.token.replace(/./g, '0'))).status).toBe(401);
    const stranger = await registerAndLogin(bed.server.baseUrl, 'not-owner@example.test');
    expect((await post(`/conversation/message/del/${question!.uuid}`, stranger)).body).toMatchObject({
      success: false,
      code: 'A0017',
    });
    expect(await history()).toHaveLength(1);

    expect((await post(`/conversation/message/del/${question!.uuid}`, owner)).body).toEqual({
      success: true,
      data: true,
    });
    expect(await history()).toEqual([]);
    const refs = await get(`/conversation/message/embedding-ref/${question!.children[0]!.uuid}`, owner);
    expect(refs.body.success).toBe(false);
  });

  describe('screens this product does not provide answer empty, never 401 or 404', () => {
    const emptyPage = { records: [], total: 0 };
    it.each([
      ['/user/mcp/list?currentPage=1&pageSize=200', emptyPage],
      ['/mcp/public/search?keyword=&currentPage=1&pageSize=20', emptyPage],
      ['/draw/list?maxId=9007199254740991&pageSize=20', { draws: [], minId: '0' }],
      ['/draw/star/mine?maxId=9007199254740991&pageSize=20', { draws: [], minId: '0' }],
      ['/draw/public/list?maxId=9007199254740991&pageSize=20', { draws: [], minId: '0' }],
      ['/draw/comment/list/abc?curentPage=1&pageSize=10', emptyPage],
      ['/workflow/runtime/page?wfUuid=abc&currentPage=1&pageSize=10', emptyPage],
      ['/ai-search-record/list?maxId=0&keyword=', { records: [], minId: '0' }],
    ])('GET %s', async (path, shape) => {
      const { status, body } = await get(path, bed.token);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, data: shape });
    });

    // The workflow page opens the first workflow as soon as a `records` array comes, and fails on an empty one.
    it.each(['/workflow/mine/search?keyword=&currentPage=1&pageSize=20', '/workflow/public/search?currentPage=1'])(
      'GET %s is an empty page without records, so the workflow page opens none',
      async (path) => {
        const { status, body } = await get<Record<string, unknown>>(path, bed.token);
        expect(status).toBe(200);
        expect(body).toMatchObject({ success: true, data: { total: 0 } });
        expect(body.data).not.toHaveProperty('records');
      },
    );

    it('answers the knowledge-base page\'s first call, for the placeholder base "default", with no records', async () => {
      const { body } = await get(
        '/knowledge-base/qa/search?kbUuid=default&keyword=&currentPage=1&pageSize=20',
        bed.token,
      );
      expect(body).toMatchObject({ success: true, data: { records: [], total: 0 } });
    });

    it.each(['/workflow/public/component/list', '/workflow/public/operators'])(
      'GET %s is an empty array',
      async (path) => {
        expect((await get(path, bed.token)).body).toEqual({ success: true, data: [] });
      },
    );

    it.each([
      '/draw/generation',
      '/draw/del/abc',
      '/workflow/add',
      '/user/mcp/saveOrUpdate',
      '/ai-search-record/del/abc',
      '/image/upload',
      '/file/upload',
      '/file/del/abc',
    ])('POST %s says the feature is not provided', async (path) => {
      const { status, body } = await post(path, bed.token, {});
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, code: 'FEATURE_NOT_PROVIDED' });
    });

    it('the AI search stream ends at once with [ERROR]', async () => {
      const response = await fetch(`${bed.server.baseUrl}/ai-search/process`, {
        method: 'POST',
        headers: { Authorization: bed.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ searchText: 'x', engineName: 'google', modelName: '', briefSearch: true }),
      });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(await response.text()).toMatch(/^event:\[ERROR\]\ndata:FEATURE_NOT_PROVIDED: /);
    });
  });
});

interface UserConfig {
  contextMsgPairNum: number;
  userQuota: Record<string, number>;
  quotaCost: Record<string, Record<string, number>> & {
    freeRequestTimes: { todayRequestTimes: number; monthRequestTimes: number };
  };
}

async function registerAndLogin(baseUrl: string, email: string): Promise<string> {
  const registered = await call<string>(baseUrl, 'POST', '/auth/register', {
    body: { email, password: 'secret-password', captchaId: '', captchaCode: '' },
  });
  expect(registered.body.success).toBe(true);
  const login = await call<{ token: string }>(baseUrl, 'POST', '/auth/login', {
    body: { email, password: 'secret-password' },
  });
  return login.body.data.token;
}
