import { FakeOpenAi } from './support/fake-openai.js';
import { startApp, type RunningApp } from './support/app.js';
import { indexed } from './support/knowledge-api.js';

/** The "graphical" index type: a configured model reads facts out of an item's chunks into the graph. */
describe('graph extraction during indexing', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as { success: boolean; data: T };
  };

  beforeAll(async () => {
    await fake.start();
    server = await startApp({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MAX_RETRIES: '0', SAMPLE_KNOWLEDGE_BASE: 'false' });
    token = await server.login();
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it('extracts triples from each chunk, records the chunk they came from, and marks the item DONE', async () => {
    const base = (
      await call<{ uuid: string }>('POST', '/knowledge-base/saveOrUpdate', { title: 'Ferries', isPublic: false })
    ).data;
    const item = (
      await call<{ uuid: string }>('POST', '/knowledge-base-item/saveOrUpdate', {
        kbUuid: base.uuid,
        title: 'ferry.txt',
        remark: 'The Harbour Ferry crosses to Kelp Island every hour.',
      })
    ).data;
    fake.always({
      content: JSON.stringify({
        triples: [
          {
            source: { name: 'Harbour Ferry', label: 'Vessel' },
            relation: { label: 'crosses to', description: 'every hour' },
            target: { name: 'Kelp Island', label: 'Place' },
          },
        ],
      }),
    });
    await call('POST', '/knowledge-base/item/indexing-list', {
      uuids: [item.uuid],
      indexTypes: ['embedding', 'graphical'],
    });
    await indexed(server.baseUrl, token);
    const items = await call<{ records: { embeddingStatus: string; graphicalStatus: string }[] }>(
      'GET',
      `/knowledge-base-item/search?kbUuid=${base.uuid}&currentPage=1&pageSize=10`,
    );
    expect(items.data.records).toMatchObject([{ embeddingStatus: 'DONE', graphicalStatus: 'DONE' }]);
    const graph = await call<{ vertices: { name: string; text_segment_id: string }[]; edges: { label: string }[] }>(
      'GET',
      `/knowledge-base/graph/${base.uuid}`,
    );
    expect(graph.data.vertices.map((vertex) => vertex.name).sort()).toEqual(['Harbour Ferry', 'Kelp Island']);
    expect(graph.data.vertices[0]!.text_segment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(graph.data.edges).toMatchObject([{ label: 'crosses to' }]);
    const extraction = fake.requests.find((request) => request.body.stream !== true)!;
    expect(extraction.body.response_format?.type).toBe('json_object');
    expect(extraction.body.messages[1]!.content).toContain('Kelp Island');
  });
});
