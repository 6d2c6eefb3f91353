import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { MAX_UPLOAD_BYTES } from '../src/knowledge/knowledge.schemas.js';
import { startApp, type RunningApp } from './support/app.js';
import { largeDocument, NEEDLE_ANSWER, NEEDLE_QUESTION } from './support/large-document.js';
import { ask, legacyAnswerText } from './support/sse-client.js';
import { waitFor } from './support/wait-for.js';

type Envelope<T> = { success: boolean; code?: string; message?: string; data: T };
interface ItemRow {
  uuid: string;
  embeddingStatus: string;
  graphicalStatus: string;
  indexingError: string;
}

describe('indexing: large documents, jobs in the database, failures that say why', () => {
  let server: RunningApp;
  let token: string;

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Envelope<T>;
  };
  const newBase = async (title: string) =>
    (await call<{ id: string; uuid: string }>('POST', '/knowledge-base/saveOrUpdate', { id: '0', title })).data;
  const items = async (kbUuid: string) =>
    (await call<{ records: ItemRow[] }>('GET', `/knowledge-base-item/search?kbUuid=${kbUuid}&pageSize=100`)).data
      .records;
  /** Indexing runs on its own schedule and announces nothing: its state is asked until it is there. */
  const waitUntil = (done: () => Promise<boolean>, what: string, timeoutMs = 240_000) =>
    waitFor(done, { what, timeoutMs, intervalMs: 100 });
  const indexingDone = async () => (await call<boolean>('GET', '/knowledge-base/indexing/check')).data;

  beforeAll(async () => {
    server = await startApp({ OFFLINE_CHUNK_DELAY_MS: '0' });
    token = await server.login();
  });

  afterAll(async () => {
    await server.close();
  });

  it('indexes a document as large as the upload limit while /health keeps answering, and answers from near its end', async () => {
    const base = await newBase('Large');
    const document = largeDocument(MAX_UPLOAD_BYTES);
    expect(Buffer.byteLength(document)).toBeGreaterThan(MAX_UPLOAD_BYTES - 1024);

    let probing = true;
    let probes = 0;
    const probe = (async () => {
      while (probing) {
        expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
        probes++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const form = new FormData();
    form.append('file', new Blob([document], { type: 'text/plain' }), 'harbour-log.txt');
    const uploaded = (await (
      await fetch(`${server.baseUrl}/knowledge-base/upload/${base.uuid}?indexAfterUpload=true`, {
        method: 'POST',
        headers: { Authorization: token },
        body: form,
      })
    ).json()) as Envelope<{ item: { uuid: string } }>;
    expect(uploaded.success).toBe(true);
    expect(await indexingDone()).toBe(false);
    await waitUntil(indexingDone, 'indexing');
    probing = false;
    await probe;
    expect(probes).toBeGreaterThan(0);

    expect(await items(base.uuid)).toMatchObject([{ embeddingStatus: 'DONE', indexingError: '' }]);
    const info = await call<{ id: string; embeddingCount: number }>('GET', `/knowledge-base/info/${base.uuid}`);
    // 10 MB in chunks of at most 800 characters.
    expect(info.data.embeddingCount).toBeGreaterThan(MAX_UPLOAD_BYTES / 800);

    const conversation = (
      await call<{ uuid: string }>('POST', '/conversation/add', { title: 'Large', kbIds: [base.id] })
    ).data.uuid;
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: NEEDLE_QUESTION });
    expect(legacyAnswerText(reply.events)).toContain(NEEDLE_ANSWER);
  }, 300_000);

  it('marks an item that cannot be indexed FAIL with the reason, and indexing/check reports the end', async () => {
    const base = await newBase('Graph without a model');
    const item = (
      await call<{ uuid: string }>('POST', '/knowledge-base-item/saveOrUpdate', {
        kbUuid: base.uuid,
        title: 'facts',
        remark: 'Ada Lovelace wrote the first program.',
      })
    ).data;
    await call('POST', '/knowledge-base/item/indexing-list', { uuids: [item.uuid], indexTypes: ['graphical'] });
    await waitUntil(indexingDone, 'indexing');
    const [row] = await items(base.uuid);
    expect(row).toMatchObject({ graphicalStatus: 'FAIL' });
    expect(row!.indexingError).toContain('OPENAI_BASE_URL');
  });

  it('takes up a job left running by a process that died, on this instance or on another one', async () => {
    const dataSource = server.app.get<DataSource>(DATA_SOURCE);
    const base = await newBase('Crash');
    const add = async (remark: string) =>
      (
        await call<{ uuid: string }>('POST', '/knowledge-base-item/saveOrUpdate', {
          kbUuid: base.uuid,
          title: 't',
          remark,
        })
      ).data.uuid;
    const [adminId] = await dataSource.query<[{ id: string }]>(`SELECT "id" FROM "adi_user" WHERE "is_admin" LIMIT 1`);
    const leaveRunning = async (itemUuid: string, claimedBy: string, heartbeatAgo: string) => {
      await dataSource.query(`UPDATE "adi_knowledge_base_item" SET "embedding_status" = 'DOING' WHERE "uuid" = $1`, [
        itemUuid,
      ]);
      await dataSource.query(
        `INSERT INTO "adi_indexing_job" ("item_uuid", "kb_uuid", "user_id", "kind", "status", "attempts", "claimed_by", "heartbeat_at")
         VALUES ($1, $2, $3, 'embedding', 'running', 1, $4, now() - $5::interval)`,
        [itemUuid, base.uuid, adminId.id, claimedBy, heartbeatAgo],
      );
    };

    // Another host's worker that stopped sending heartbeats: the running instance claims the job again.
    const stale = await add('A job whose worker went silent is claimed again.');
    await leaveRunning(stale, 'another-host:4242', '10 minutes');
    expect(await indexingDone()).toBe(false);
    await waitUntil(
      async () => (await items(base.uuid)).find((i) => i.uuid === stale)?.embeddingStatus === 'DONE',
      'stale job',
    );

    // A process of this host that is gone (its heartbeat still fresh): a starting instance queues it again at once.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const orphan = await add('A job of a dead process is queued again when an instance starts.');
    await leaveRunning(orphan, `${hostname().slice(0, 40)}:${deadPid}`, '0 seconds');
    const second = await startApp({ DATABASE_URL: server.database!.url });
    try {
      await waitUntil(
        async () => (await items(base.uuid)).find((i) => i.uuid === orphan)?.embeddingStatus === 'DONE',
        'orphaned job',
        30_000,
      );
    } finally {
      await second.close();
    }
    await waitUntil(indexingDone, 'indexing');
  }, 120_000);
});
