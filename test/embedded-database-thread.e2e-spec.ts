import { rmSync } from 'node:fs';
import { get } from 'node:http';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { startApp, type RunningApp } from './support/app.js';
import { migratedDataDirCopy } from './support/database.js';
import { ServiceProcess } from './support/service-process.js';

/** GET /health on a connection of its own; resolves with the status once the body is read. */
function health(baseUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}/health`, { agent: false }, (response) => {
      response.resume().once('end', () => resolve(response.statusCode ?? 0));
    }).once('error', reject);
  });
}

describe('the embedded database in a thread of its own', () => {
  let dataDir: string;
  let server: RunningApp;

  beforeAll(async () => {
    dataDir = await migratedDataDirCopy();
    server = await startApp({ DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /health while a long statement runs in the database', async () => {
    const dataSource = server.app.get<DataSource>(DATA_SOURCE);
    const order: string[] = [];
    const sleeping = dataSource.query('SELECT pg_sleep(2)').then(() => order.push('statement ended'));
    // Asked after the statement went to the database: were the database on the HTTP thread, the statement
    // would hold this request until it ended.
    await health(server.baseUrl).then((status) => order.push(`health ${status}`));
    await sleeping;
    expect(order).toEqual(['health 200', 'statement ended']);
  });

  it('keeps a transaction whole: its statements see each other, a rollback leaves nothing', async () => {
    const dataSource = server.app.get<DataSource>(DATA_SOURCE);
    await dataSource.query('CREATE TABLE IF NOT EXISTS thread_probe (n int)');
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO thread_probe VALUES (1)');
        expect(await manager.query('SELECT count(*)::int AS n FROM thread_probe')).toEqual([{ n: 1 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await dataSource.query('SELECT count(*)::int AS n FROM thread_probe')).toEqual([{ n: 0 }]);
  });
});

describe('stopping the service with the embedded database', () => {
  it('closes the database without an error logged, and the next start opens it', async () => {
    const dataDir = await migratedDataDirCopy();
    try {
      const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-password-for-tests', SAMPLE_KNOWLEDGE_BASE: 'false' };
      const first = await ServiceProcess.start(env);
      expect(await health(first.baseUrl)).toBe(200);
      await first.stop();
      const { output } = await first.exited;
      expect(output).not.toContain('"level":"error"');
      const second = await ServiceProcess.start(env);
      await second.stop();
      expect((await second.exited).output).not.toContain('"level":"error"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
