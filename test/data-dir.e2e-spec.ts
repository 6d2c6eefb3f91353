import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChildService, type ChildService } from './support/child-service.js';

const LOCK_FILE = 'citation-stream.pid';
/** Each start compiles the sources and opens PGlite: slow on a busy machine. */
const SLOW = 180_000;
const SERVICE_ENV = { ADMIN_PASSWORD: 'admin-password-for-tests', SAMPLE_KNOWLEDGE_BASE: 'false' };

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
    'refuses a second start on the same DATA_DIR at once, naming the directory and the holder; the first keeps serving',
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
      // A stop removes the lock, so that the next start finds the directory free.
      await first.stop();
      expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    },
    SLOW,
  );

  it(
    'takes over a lock left by a process that died without removing it',
    async () => {
      const dataDir = join(root, 'crashed');
      mkdirSync(dataDir);
      // The pid of a process that has exited, as the lock file of a killed process holds it.
      const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(join(dataDir, LOCK_FILE), `${deadPid}\n`);

      const service = start({ DATA_DIR: dataDir });
      await service.listening;
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(service.process.pid));
      await service.stop();
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
