import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChildService, type ChildService } from './support/child-service.js';

const LOCK_FILE = 'citation-stream.pid';
/** Each start compiles the sources and opens PGlite: slow on a busy machine. */
const SLOW = 180_000;
const SERVICE_ENV = { ADMIN_PASSWORD: 'admin-password-for-tests', OFFLINE_CHUNK_DELAY_MS: '0' };

describe('the embedded database belongs to one process', () => {
  const root = mkdtempSync(join(tmpdir(), 'citation-datadir-'));
  const running: ChildService[] = [];
  const start = (env: Record<string, string>) => {
    const service = startChildService({ ...SERVICE_ENV, ...env });
    running.push(service);
    return service;
  };

  afterAll(async () => {
    await Promise.all(running.map((service) => service.stop()));
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'refuses a second start on the same DATA_DIR at once, naming the directory and the holder, and the first keeps serving',
    async () => {
      const dataDir = join(root, 'shared');
      const first = start({ DATA_DIR: dataDir });
      const url = await first.listening;
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.process.pid));

      const second = start({ DATA_DIR: dataDir });
      const { code, output } = await second.exited;
      expect(code).toBe(1);
      expect(output).toContain(`DATA_DIR=${resolve(dataDir)}`);
      expect(output).toContain(`pid ${first.process.pid}`);
      expect(output).not.toContain('UnhandledPromiseRejection');

      expect((await fetch(`${url}/health`)).status).toBe(200);
      await first.stop();
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);

      // Once the first has stopped, the directory is free again, with what the first wrote in it.
      const third = start({ DATA_DIR: dataDir });
      const thirdUrl = await third.listening;
      const login = await fetch(`${thirdUrl}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@localhost.localdomain', password: SERVICE_ENV.ADMIN_PASSWORD }),
      });
      expect(((await login.json()) as { success: boolean }).success).toBe(true);
      await third.stop();
    },
    SLOW,
  );

  it(
    'takes over the lock of a process that died without removing it',
    async () => {
      const dataDir = join(root, 'crashed');
      const first = start({ DATA_DIR: dataDir });
      await first.listening;
      first.process.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true);

      const second = start({ DATA_DIR: dataDir });
      await second.listening;
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(second.process.pid));
      await second.stop();
    },
    SLOW,
  );

  it(
    'refuses a DATA_DIR that cannot be a directory, naming DATA_DIR and the path',
    async () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a directory');
      const dataDir = join(file, 'data');
      const { code, output } = await start({ DATA_DIR: dataDir }).exited;
      expect(code).toBe(1);
      expect(output).toContain(`DATA_DIR=${resolve(dataDir)}`);
      expect(output).toContain('ENOTDIR');
      expect(output).not.toContain('UnhandledPromiseRejection');
    },
    SLOW,
  );
});
