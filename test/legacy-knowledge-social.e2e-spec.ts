import { startApp, type RunningApp } from './support/app.js';
import { indexed as indexingDone } from './support/knowledge-api.js';
import { call } from './support/legacy-http.js';

interface Page<T> {
  records: T[];
  total: number;
}
interface Base {
  id: string;
  uuid: string;
  title: string;
  starCount: number;
  ownerName: string;
}
interface Item {
  uuid: string;
  sourceFileUuid: string;
  sourceFileName: string;
  sourceFileUrl: string;
}

const NOTES = 'Otters hold hands while they sleep so that they do not drift apart.\n\n水獭睡觉时会手牵手。';

/** The /qa sidebar's public and starred bases, the embeddings dialog, and the item table's 附件 download. */
describe('public and starred knowledge bases, item chunks, and uploaded files', () => {
  let server: RunningApp;
  let owner: string;
  let reader: string;
  let ownerUuid: string;
  const get = <T>(path: string, token?: string) => call<T>(server.baseUrl, 'GET', path, token ? { token } : {});
  const post = <T>(path: string, token: string, body?: unknown) =>
    call<T>(server.baseUrl, 'POST', path, { token, ...(body === undefined ? {} : { body }) });

  const newUser = async (email: string) => {
    await call(server.baseUrl, 'POST', '/auth/register', { body: { email, password: 'password-1' } });
    return server.login(email, 'password-1');
  };
  const createBase = async (title: string, isPublic: boolean) =>
    (await post<Base>('/knowledge-base/saveOrUpdate', owner, { title, isPublic })).body.data;
  const upload = async (kbUuid: string, name: string, content: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/plain' }), name);
    const response = await fetch(`${server.baseUrl}/knowledge-base/upload/${kbUuid}?indexAfterUpload=true`, {
      method: 'POST',
      headers: { Authorization: owner },
      body: form,
    });
    return ((await response.json()) as { data: { item: Item } }).data.item;
  };
  const indexed = () => indexingDone(server.baseUrl, owner);

  let publicBase: Base;
  let privateBase: Base;
  let publicItem: Item;
  let privateItem: Item;

  beforeAll(async () => {
    // Many users register here, all from this machine's address.
    server = await startApp({ REGISTER_LIMIT_PER_ADDRESS: '1000' });
    owner = await newUser('owner@example.test');
    reader = await newUser('reader@example.test');
    ownerUuid = (
      await call<{ uuid: string }>(server.baseUrl, 'POST', '/auth/login', {
        body: { email: 'owner@example.test', password: 'password-1' },
      })
    ).body.data.uuid;
    publicBase = await createBase('Otter facts', true);
    privateBase = await createBase('Otter diary', false);
    publicItem = await upload(publicBase.uuid, 'otters.txt', NOTES);
    privateItem = await upload(privateBase.uuid, '日记.md', '# Diary\n\nPrivate otter notes.');
    await indexed();
  });

  afterAll(async () => {
    await server.close();
  });

  it('lists public bases without a token, with the card fields', async () => {
    const { status, body } = await get<Page<Base>>('/knowledge-base/public/search?keyword=&currentPage=1&pageSize=20');
    expect(status).toBe(200);
    const titles = body.data.records.map((base) => base.title);
    expect(titles).toContain('Otter facts');
    expect(titles).not.toContain('Otter diary');
    const card = body.data.records.find((base) => base.title === 'Otter facts')!;
    expect(card).toMatchObject({ id: publicBase.id, ownerName: 'owner', starCount: 0 });
    expect(typeof card.id).toBe('string');
    const searched = await get<Page<Base>>('/knowledge-base/public/search?keyword=otter&currentPage=1&pageSize=20');
    expect(searched.body.data.records.map((base) => base.title)).toEqual(['Otter facts']);
  });

  it('stars and unstars, moving the count by one, and lists the stars with titles', async () => {
    expect(
      (await get<Page<unknown>>('/knowledge-base/star/mine?currentPage=1&pageSize=100', reader)).body.data,
    ).toMatchObject({
      records: [],
      total: 0,
    });
    const starred = await post<boolean>(`/knowledge-base/star/toggle?kbUuid=${publicBase.uuid}`, reader);
    expect(starred.body).toEqual({ success: true, data: true });
    await post(`/knowledge-base/star/toggle?kbUuid=${publicBase.uuid}`, owner);
    const info = await get<Base>(`/knowledge-base/info/${publicBase.uuid}`, reader);
    expect(info.body.data.starCount).toBe(2);
    const mine = await get<Page<{ kbUuid: string; kbTitle: string }>>(
      '/knowledge-base/star/mine?currentPage=1&pageSize=100',
      reader,
    );
    expect(mine.body.data).toMatchObject({ records: [{ kbUuid: publicBase.uuid, kbTitle: 'Otter facts' }], total: 1 });

    const unstarred = await post<boolean>(`/knowledge-base/star/toggle?kbUuid=${publicBase.uuid}`, reader);
    expect(unstarred.body.data).toBe(false);
    expect((await get<Base>(`/knowledge-base/info/${publicBase.uuid}`, reader)).body.data.starCount).toBe(1);
    expect(
      (await get<Page<unknown>>('/knowledge-base/star/mine?currentPage=1&pageSize=100', reader)).body.data.total,
    ).toBe(0);
  });

  it('counts concurrent toggles exactly', async () => {
    const users = await Promise.all(['s1', 's2', 's3', 's4', 's5'].map((name) => newUser(`${name}@example.test`)));
    const before = (await get<Base>(`/knowledge-base/info/${publicBase.uuid}`, owner)).body.data.starCount;
    await Promise.all(users.map((token) => post(`/knowledge-base/star/toggle?kbUuid=${publicBase.uuid}`, token)));
    expect((await get<Base>(`/knowledge-base/info/${publicBase.uuid}`, owner)).body.data.starCount).toBe(before + 5);
  });

  it('lists the most starred public base first, ahead of newer ones', async () => {
    await createBase('Otter newcomers', true);
    const { body } = await get<Page<Base>>('/knowledge-base/public/search?keyword=otter&currentPage=1&pageSize=20');
    expect(body.data.records.map((base) => base.title)).toEqual(['Otter facts', 'Otter newcomers']);
  });

  it('does not let anyone star someone else’s private base', async () => {
    const { body } = await post(`/knowledge-base/star/toggle?kbUuid=${privateBase.uuid}`, reader);
    expect(body).toMatchObject({ success: false, code: 'A0017' });
  });

  it('lists an item’s chunks with an array embedding and string text, to those who may read the base', async () => {
    const { body } = await get<Page<{ embeddingId: string; embedding: unknown; text: unknown }>>(
      `/knowledge-base-embedding/list/${publicItem.uuid}?currentPage=1&pageSize=10`,
      reader,
    );
    expect(body.success).toBe(true);
    expect(body.data.total).toBeGreaterThan(0);
    for (const chunk of body.data.records) {
      expect(chunk.embeddingId).toMatch(/^[0-9a-f-]{36}$/);
      expect(chunk.embedding).toEqual([]);
      expect(typeof chunk.text).toBe('string');
    }
    expect(body.data.records.map((chunk) => chunk.text).join(' ')).toContain('Otters hold hands');
    const hidden = await get(`/knowledge-base-embedding/list/${privateItem.uuid}?currentPage=1&pageSize=10`, reader);
    expect(hidden.body).toMatchObject({ success: false, code: 'A0019' });
    const own = await get<Page<unknown>>(
      `/knowledge-base-embedding/list/${privateItem.uuid}?currentPage=1&pageSize=10`,
      owner,
    );
    expect(own.body.data.total).toBeGreaterThan(0);
  });

  it('links an uploaded item to its file in the item table', async () => {
    expect(publicItem.sourceFileUuid).toMatch(/^[0-9a-f]{32}$/);
    expect(publicItem.sourceFileUrl).toBe(`/file/${publicItem.sourceFileUuid}.txt`);
    const { body } = await get<Page<Item>>(
      `/knowledge-base-item/search?kbUuid=${privateBase.uuid}&keyword=&currentPage=1&pageSize=10`,
      owner,
    );
    expect(body.data.records[0]).toMatchObject({
      sourceFileName: '日记.md',
      sourceFileUrl: `/file/${privateItem.sourceFileUuid}.md`,
    });
  });

  it('serves the file at /file and /api/file, with the token in the header or the query', async () => {
    const viaQuery = await fetch(`${server.baseUrl}${publicItem.sourceFileUrl}?token=${reader}`);
    expect(viaQuery.status).toBe(200);
    expect(await viaQuery.text()).toBe(NOTES);
    expect(viaQuery.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(viaQuery.headers.get('content-disposition')).toContain('attachment');
    expect(viaQuery.headers.get('x-content-type-options')).toBe('nosniff');

    const viaHeader = await fetch(`${server.baseUrl}/api${publicItem.sourceFileUrl}?token=`, {
      headers: { Authorization: reader },
    });
    expect(viaHeader.status).toBe(200);
    expect(await viaHeader.text()).toBe(NOTES);

    const own = await fetch(`${server.baseUrl}${privateItem.sourceFileUrl}?token=${owner}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%97%A5%E8%AE%B0.md");
    expect(await own.text()).toBe('# Diary\n\nPrivate otter notes.');
  });

  it('hides a private base’s file from others, and needs a token', async () => {
    const hidden = await fetch(`${server.baseUrl}${privateItem.sourceFileUrl}?token=${reader}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ success: false, code: 'A0011' });
    expect((await fetch(`${server.baseUrl}${publicItem.sourceFileUrl}`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/file/${publicItem.sourceFileUuid}.pdf?token=${reader}`)).status).toBe(404);
  });

  it('stops serving a file once its item is deleted', async () => {
    const item = await upload(publicBase.uuid, 'gone.txt', 'Soon deleted.');
    expect((await fetch(`${server.baseUrl}${item.sourceFileUrl}?token=${owner}`)).status).toBe(200);
    await post(`/knowledge-base-item/del/${item.uuid}`, owner);
    expect((await fetch(`${server.baseUrl}${item.sourceFileUrl}?token=${owner}`)).status).toBe(404);
  });

  it('shows the owner’s avatar for the card', async () => {
    const response = await fetch(`${server.baseUrl}/user/avatar/${ownerUuid}`);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});
