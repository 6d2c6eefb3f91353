import { rm } from 'node:fs/promises';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { hnswIndexName } from '../src/platform/database/vector-schema.js';
import { VectorRepository } from '../src/knowledge/vector.repository.js';
import { startApp } from './support/app.js';
import { createTestDatabase, migratedDataDirCopy, TEST_DATABASE_SERVER } from './support/database.js';
import { FakeEmbeddings } from './support/fake-embeddings.js';
import { jsonApi } from './support/knowledge-api.js';
import { PostgresInstance } from './support/postgres-instance.js';
import { ServiceProcess } from './support/service-process.js';
import { waitFor } from './support/wait-for.js';
import { ask, legacyAnswerText, meta } from './support/sse-client.js';

/** Words that mean the same to the fake embeddings server: one dimension per group. */
const SYNONYMS = [
  ['cat', 'feline', 'kitten'],
  ['sleep', 'nap', 'napped', 'doze', 'slept'],
  ['carpet', 'rug', 'mat'],
  ['car', 'automobile', 'vehicle'],
  ['repair', 'fix', 'mend', 'mended'],
  ['garage', 'workshop'],
  ['money', 'cash', 'funds'],
  ['bank', 'lender'],
];
const PETS = 'The feline napped upon the rug all afternoon.';
const CARS = 'Mechanics mended the automobile inside the workshop.';
const SAVINGS = 'Savers keep their funds with a lender.';
/** No word in common with PETS (the others are stop words): only its meaning finds it. */
const PARAPHRASE = 'Where did the cat sleep, on the carpet?';

interface ItemRow {
  uuid: string;
  title: string;
  embeddingStatus: string;
  indexingError: string;
}

/** A database the service runs on in a test, named by the environment that points the service at it. */
interface TestStore {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The embedded database (PGlite with pgvector) in a directory of its own, migrated. */
async function embeddedStore(): Promise<TestStore> {
  const dataDir = await migratedDataDirCopy();
  return { env: { DATA_DIR: dataDir }, close: () => rm(dataDir, { recursive: true, force: true }) };
}

/** A database of its own on the machine's PostgreSQL server. */
async function serverStore(): Promise<TestStore> {
  const database = await createTestDatabase();
  return { env: { DATABASE_URL: database.url }, close: () => database.drop() };
}

/**
 * Whether the machine's PostgreSQL server can give a database pgvector. Without it the server half of the suite
 * cannot run and is reported skipped; the embedded half and the "server without pgvector" tests run regardless.
 */
async function serverOffersPgvector(): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE "name" = 'vector') AS "ok"`,
    );
    return rows[0]!.ok;
  } finally {
    await client.end();
  }
}

const serverHasPgvector = await serverOffersPgvector();

/** Starting the service on a fresh embedded database (initdb in WebAssembly) takes long on a busy machine. */
const STARTUP_TIMEOUT_MS = 120_000;

/** Everything a test of one database needs: the app, a fake endpoint, a knowledge base and a conversation on it. */
async function testbed(env: Record<string, string>, fake: FakeEmbeddings, existing?: { id: string; uuid: string }) {
  const server = await startApp({
    OFFLINE_CHUNK_DELAY_MS: '0',
    SAMPLE_KNOWLEDGE_BASE: 'false',
    ASK_RATE_LIMIT_PER_MINUTE: '1000',
    EMBEDDING_BASE_URL: fake.baseUrl,
    EMBEDDING_MODEL: 'fake-synonyms',
    EMBEDDING_DIMENSIONS: String(fake.dimensions),
    EMBEDDING_MAX_RETRIES: '2',
    EMBEDDING_QUERY_TIMEOUT_MS: '500',
    EMBEDDING_BATCH_SIZE: '2',
    ...env,
  });
  const token = await server.login();
  const api = jsonApi(server.baseUrl);
  const base = existing ?? (await api.createBase(token, 'Paraphrases', false));
  const conversation = (
    await api.call<{ uuid: string }>('POST', '/conversation/add', token, {
      title: `Hybrid ${Date.now()}`,
      kbIds: [base.id],
    })
  ).data.uuid;
  const items = async () =>
    (
      await api.call<{ records: ItemRow[] }>(
        'GET',
        `/knowledge-base-item/search?kbUuid=${base.uuid}&pageSize=100`,
        token,
      )
    ).data.records;
  const question = async (prompt: string) => {
    const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt });
    const answer = meta(reply.events).answer!;
    const refs = await api.call<{ text: string; score: number }[]>(
      'GET',
      `/conversation/message/embedding-ref/${String(answer.uuid)}`,
      token,
    );
    return { answer, text: legacyAnswerText(reply.events), refs: refs.data, events: reply.events };
  };
  return { server, token, api, base, items, question };
}

/** Semantic retrieval end to end on one database: every test here runs on both. */
function semanticRetrievalOn(openStore: () => Promise<TestStore>): void {
  describe('finding by meaning', () => {
    const fake = new FakeEmbeddings(SYNONYMS);
    let store: TestStore;
    let bed: Awaited<ReturnType<typeof testbed>>;

    beforeAll(async () => {
      await fake.start();
      store = await openStore();
      bed = await testbed(store.env, fake);
      await bed.api.addDocuments(bed.token, bed.base.uuid, {
        'pets.txt': PETS,
        'cars.txt': CARS,
        'savings.txt': SAVINGS,
      });
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await bed?.server.close();
      await fake.stop();
      await store?.close();
    });

    beforeEach(() => {
      fake.behave = () => ({ kind: 'ok' });
    });

    it('finds by meaning alone a chunk that shares no word with the question, and says [META] retrieval: hybrid', async () => {
      expect((await bed.items()).map((item) => item.embeddingStatus)).toEqual(['DONE', 'DONE', 'DONE']);
      const found = await bed.question(PARAPHRASE);
      expect(found.answer.retrieval).toBe('hybrid');
      expect(found.refs.map((ref) => ref.text)).toEqual([PETS]);
      // The vector side alone nominated it: half the score of a chunk first on both sides.
      expect(Number(found.refs[0]!.score)).toBeCloseTo(0.5, 2);
    });

    it('ranks a chunk both sides find first', async () => {
      const found = await bed.question('Which mechanics fixed a car?');
      expect(found.answer.retrieval).toBe('hybrid');
      expect(found.refs[0]!.text).toBe(CARS);
    });

    it('says in /health/ready that vectors are ready', async () => {
      const ready = (await (await fetch(`${bed.server.baseUrl}/health/ready`)).json()) as { data: { vectors: string } };
      expect(ready.data.vectors).toBe('ready');
    });

    it('keeps the vectors under an HNSW index on cosine distance, which a large base searches and finds the same nearest chunk', async () => {
      const dataSource = bed.server.app.get<DataSource>(DATA_SOURCE);
      const space = { model: 'fake-synonyms', dimensions: fake.dimensions };
      const [index] = await dataSource.query<{ indexdef: string }[]>(
        `SELECT "indexdef" FROM pg_indexes WHERE "indexname" = $1`,
        [hnswIndexName(space)],
      );
      expect(index!.indexdef).toMatch(/USING hnsw .*vector_cosine_ops.*WHERE/);
      const vectors = bed.server.app.get(VectorRepository);
      const question = fake.vectorOf(PARAPHRASE);
      // A base counted as larger than the exact-search bound walks the index; a small one compares every vector.
      const walked = await vectors.nearest(bed.base.uuid, 1_000_000, space, question, 1);
      const exact = await vectors.nearest(bed.base.uuid, 3, space, question, 1);
      expect(walked.map((chunk) => chunk.text)).toEqual([PETS]);
      expect(walked).toEqual(exact);
      const plan = await dataSource.query<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN ${vectors.nearestStatement(space, { kbUuid: bed.base.uuid, question, limit: 1 }, 'index')}`,
      );
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(`Index Scan using "${hnswIndexName(space)}"`);
    });

    it('goes on lexically when the endpoint is down at question time: no failed ask, [META] retrieval: lexical', async () => {
      fake.behave = () => ({ kind: 'cut' });
      const paraphrase = await bed.question(PARAPHRASE);
      expect(paraphrase.answer.retrieval).toBe('lexical');
      expect(paraphrase.refs).toEqual([]);
      expect(paraphrase.events.some((event) => event.data.startsWith('[ERROR]'))).toBe(false);
      const words = await bed.question('Which mechanics mended the automobile?');
      expect(words.answer.retrieval).toBe('lexical');
      expect(words.refs.map((ref) => ref.text)).toEqual([CARS]);
    });

    it('goes on lexically when the endpoint is slower than EMBEDDING_QUERY_TIMEOUT_MS', async () => {
      fake.behave = () => ({ kind: 'ok', delayMs: 2_000 });
      const slow = await bed.question(PARAPHRASE);
      expect(slow.answer.retrieval).toBe('lexical');
      expect(slow.refs).toEqual([]);
    });

    it('gives the stored vectors in /knowledge-base-embedding/list, as the stock chunk list reads them', async () => {
      const pets = (await bed.items()).find((item) => item.title.startsWith('pets'))!;
      const list = await bed.api.call<{ records: { embeddingId: string; embedding: number[]; text: string }[] }>(
        'GET',
        `/knowledge-base-embedding/list/${pets.uuid}?currentPage=1&pageSize=10`,
        bed.token,
      );
      const [chunk] = list.data.records;
      expect(chunk!.text).toBe(PETS);
      expect(chunk!.embedding).toHaveLength(fake.dimensions);
      fake.vectorOf(PETS).forEach((value, i) => expect(chunk!.embedding[i]).toBeCloseTo(value, 5));
    });

    it('shows progress in indexing/check while batches are embedded, and the item DOING until every chunk has its vector', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let batches = 0;
      fake.behave = () => (++batches === 2 ? { kind: 'held', until: held } : { kind: 'ok' });
      const long = Array.from({ length: 12 }, (_, i) =>
        `Paragraph ${i} of the ledger notes the harbour tolls.`.repeat(6),
      );
      const form = new FormData();
      form.append('file', new Blob([long.join('\n\n')], { type: 'text/plain' }), 'ledger.txt');
      await fetch(`${bed.server.baseUrl}/knowledge-base/upload/${bed.base.uuid}?indexAfterUpload=true`, {
        method: 'POST',
        headers: { Authorization: bed.token },
        body: form,
      });
      type Check = { data: boolean; progress: { pendingJobs: number; chunksEmbedded: number; chunksToEmbed: number } };
      let check = await bed.api.call<boolean>('GET', '/knowledge-base/indexing/check', bed.token);
      while ((check as unknown as Check).progress.chunksEmbedded < 2) {
        check = await bed.api.call<boolean>('GET', '/knowledge-base/indexing/check', bed.token);
      }
      const during = check as unknown as Check;
      expect(during.data).toBe(false);
      expect(during.progress).toMatchObject({ pendingJobs: 1, chunksEmbedded: 2 });
      expect(during.progress.chunksToEmbed).toBeGreaterThan(4);
      expect((await bed.items()).find((item) => item.title.startsWith('ledger'))!.embeddingStatus).toBe('DOING');
      release();
      await bed.api.addDocuments(bed.token, bed.base.uuid, {});
      expect((await bed.items()).find((item) => item.title.startsWith('ledger'))!.embeddingStatus).toBe('DONE');
    });

    it('waits as Retry-After asks on 429 and indexes every chunk', async () => {
      let refused = 0;
      fake.behave = () => (refused++ < 2 ? { kind: 'status', status: 429, retryAfter: '0' } : { kind: 'ok' });
      const before = fake.requests.length;
      await bed.api.addDocuments(bed.token, bed.base.uuid, { 'kitten.txt': 'A kitten dozed on the mat.' });
      const item = (await bed.items()).find((row) => row.title.startsWith('kitten'))!;
      expect(item).toMatchObject({ embeddingStatus: 'DONE', indexingError: '' });
      expect(fake.requests.length - before).toBe(3);
      const found = await bed.question('Where did the cat sleep?');
      expect(found.refs.map((ref) => ref.text)).toContain('A kitten dozed on the mat.');
    });

    it('marks an item FAIL, naming the batch and EMBEDDING_DIMENSIONS, when the endpoint answers another dimension; its chunks stay searchable by words', async () => {
      fake.behave = () => ({ kind: 'dimensions', dimensions: fake.dimensions + 1 });
      await bed.api.addDocuments(bed.token, bed.base.uuid, { 'harbour.txt': 'Harbour cranes unload containers.' });
      const item = (await bed.items()).find((row) => row.title.startsWith('harbour'))!;
      expect(item.embeddingStatus).toBe('FAIL');
      expect(item.indexingError).toMatch(/embedding batch 1\/1 .*EMBEDDING_DIMENSIONS=/);
      fake.behave = () => ({ kind: 'ok' });
      const words = await bed.question('Which harbour cranes unload containers?');
      expect(words.refs.map((ref) => ref.text)).toContain('Harbour cranes unload containers.');
    });

    it('marks an item FAIL after its retries when the endpoint is down, and says indexing is over', async () => {
      fake.behave = () => ({ kind: 'cut' });
      await bed.api.addDocuments(bed.token, bed.base.uuid, { 'orchard.txt': 'Orchard apples ripen in autumn.' });
      const item = (await bed.items()).find((row) => row.title.startsWith('orchard'))!;
      expect(item.embeddingStatus).toBe('FAIL');
      expect(item.indexingError).toMatch(/embedding batch 1\/1 .*could not be reached/);
      const check = await bed.api.call<boolean>('GET', '/knowledge-base/indexing/check', bed.token);
      expect(check).toMatchObject({ data: true, progress: { pendingJobs: 0 } });
    });
  });

  describe('a changed EMBEDDING_MODEL is embedded again in the background, and only its vectors are compared', () => {
    const fake = new FakeEmbeddings(SYNONYMS);
    let store: TestStore;

    beforeAll(async () => {
      await fake.start();
      store = await openStore();
    });

    afterAll(async () => {
      await fake.stop();
      await store?.close();
    });

    it(
      're-embeds every chunk with the new model after a restart',
      async () => {
        const first = await testbed(store.env, fake);
        await first.api.addDocuments(first.token, first.base.uuid, { 'pets.txt': PETS, 'cars.txt': CARS });
        await first.server.close();

        // The new model's vectors point elsewhere until they are made: before, the old ones must not be compared.
        const second = await testbed({ ...store.env, EMBEDDING_MODEL: 'fake-synonyms-v2' }, fake, first.base);
        const check = async () =>
          (await second.api.call<boolean>('GET', '/knowledge-base/indexing/check', second.token)).data;
        await waitFor(
          async () => (await check()) && (await second.items()).every((item) => item.embeddingStatus === 'DONE'),
          { what: 'every document to be embedded again with the new model' },
        );
        const reembedded = fake.requests.filter((request) => request.model === 'fake-synonyms-v2');
        expect(reembedded.flatMap((request) => request.input).sort()).toEqual([CARS, PETS].sort());
        const found = await second.question(PARAPHRASE);
        expect(found.answer.retrieval).toBe('hybrid');
        expect(found.refs.map((ref) => ref.text)).toEqual([PETS]);
        await second.server.close();
      },
      STARTUP_TIMEOUT_MS,
    );
  });
}

describe('semantic retrieval on the embedded database (PGlite with pgvector)', () =>
  semanticRetrievalOn(embeddedStore));

(serverHasPgvector ? describe : describe.skip)('semantic retrieval on the PostgreSQL server with pgvector', () =>
  semanticRetrievalOn(serverStore),
);

describe('a PostgreSQL server without pgvector', () => {
  // A server of the test's own whose installation has no pgvector at all (see PostgresInstance), so that the
  // service meets what it meets on such a machine: no `vector` in pg_available_extensions.
  const fake = new FakeEmbeddings(SYNONYMS);
  let instance: PostgresInstance;

  beforeAll(async () => {
    await fake.start();
    instance = await PostgresInstance.create({ withoutExtensions: ['vector'] });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await fake.stop();
    await instance?.destroy();
  });

  it('starts anyway, says so in /health/ready, indexes and retrieves lexically; nothing fails', async () => {
    const bed = await testbed({ DATABASE_URL: instance.url }, fake);
    try {
      const ready = (await (await fetch(`${bed.server.baseUrl}/health/ready`)).json()) as {
        data: { vectors: string };
      };
      expect(ready.data.vectors).toMatch(/^unavailable: the PostgreSQL server has no pgvector extension/);
      await bed.api.addDocuments(bed.token, bed.base.uuid, { 'pets.txt': PETS, 'cars.txt': CARS });
      expect((await bed.items()).map((item) => item.embeddingStatus)).toEqual(['DONE', 'DONE']);
      const words = await bed.question('Which mechanics mended the automobile?');
      expect(words.refs.map((ref) => ref.text)).toEqual([CARS]);
      expect(words.answer.retrieval).toBe('lexical');
      expect((await bed.question(PARAPHRASE)).refs).toEqual([]);
      expect(fake.requests).toEqual([]);
    } finally {
      await bed.server.close();
    }
  });

  it(
    'says once in its log, as a process, that vector search is unavailable and why, and starts',
    async () => {
      const service = await ServiceProcess.start({
        DATABASE_URL: instance.url,
        SAMPLE_KNOWLEDGE_BASE: 'false',
        ADMIN_PASSWORD: 'admin-password-for-tests',
        EMBEDDING_BASE_URL: fake.baseUrl,
        EMBEDDING_MODEL: 'fake-synonyms',
        EMBEDDING_DIMENSIONS: String(fake.dimensions),
      });
      try {
        const lines = service.logs.split('\n').filter((line) => line.includes('vector search'));
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0]!)).toMatchObject({
          level: 'warn',
          message: {
            message: 'vector search unavailable; retrieval stays lexical',
            reason: expect.stringContaining('no pgvector extension') as unknown,
          },
        });
      } finally {
        await service.stop();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
