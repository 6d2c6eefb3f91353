import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { MIGRATIONS } from '../migrations/index.js';
import { openDatabase, schemaDrift } from '../src/platform/database/data-source.js';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { startApp } from './support/app.js';
import { ask, legacyAnswerText, meta } from './support/sse-client.js';

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('create exactly the schema the entities describe (PostgreSQL server)', async () => {
    const open = await openDatabase({ url: database.url, dataDir: '', runMigrations: true });
    try {
      expect(await schemaDrift(open.dataSource)).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('run once when several instances start together', async () => {
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: database.url, dataDir: '', runMigrations: true })),
    );
    try {
      const rows = await instances[0]!.dataSource.query<[{ n: number }]>('SELECT count(*)::int AS n FROM "migrations"');
      expect(rows[0].n).toBe(MIGRATIONS.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});

describe('the embedded PGlite default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'citation-pglite-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two PGlite starts (WebAssembly compiled, migrations run): slow on a busy machine, hence the longer timeout.
  it('migrates to the entities, answers, and keeps its data across a restart', async () => {
    const env = { DATA_DIR: dataDir, OFFLINE_CHUNK_DELAY_MS: '0' };
    const first = await startApp(env);
    let answerUuid: string;
    try {
      expect(await schemaDrift(first.app.get<DataSource>(DATA_SOURCE))).toEqual([]);
      const token = await first.login();
      const conversation = await first.firstConversation(token);
      const reply = await ask(first.baseUrl, token, {
        conversationUuid: conversation,
        prompt: 'How are citation numbers given?',
      });
      answerUuid = meta(reply.events).answer!.uuid as string;
      // Chinese retrieval works on PGlite too.
      const chinese = await ask(first.baseUrl, token, {
        conversationUuid: conversation,
        prompt: '文档为什么要切分成片段？',
      });
      expect(legacyAnswerText(chinese.events)).toContain('文档在建立索引之前会被切分成片段');
    } finally {
      await first.close();
    }
    const second = await startApp(env);
    try {
      const token = await second.login();
      const response = await fetch(`${second.baseUrl}/conversation/message/citation/${answerUuid}`, {
        headers: { Authorization: token },
      });
      const body = (await response.json()) as { success: boolean; data: { paragraphs: unknown[] } };
      expect(body.success).toBe(true);
      expect(body.data.paragraphs.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  }, 120_000);
});
