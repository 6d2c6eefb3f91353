import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migratedDataDirCopy } from './support/database.js';
import { ServiceProcess } from './support/service-process.js';

const LOCK_FILE = 'citation-stream.pid';
/** A start opens the embedded database (seconds on a busy machine); the refused ones end before they would. */
const SLOW = 120_000;
const SERVICE_ENV = { ADMIN_PASSWORD: 'admin-password-for-tests', SAMPLE_KNOWLEDGE_BASE: 'false' };

/**
 * One data directory serves the whole story: taken by a first start, refused to a second, freed by a stop, then
 * left with a dead process's lock that a third start takes over. It holds a migrated database from the start
 * (creating one is a first start's own test, first-start.e2e-spec.ts); the refused starts end before they would
 * open it.
 */
describe('the embedded database belongs to one process', () => {
  const root = mkdtempSync(join(tmpdir(), 'citation-datadir-'));
  const dataDir = join(root, 'shared');
  const running: ServiceProcess[] = [];
  beforeAll(async () => {
    await migratedDataDirCopy(dataDir);
  }, SLOW);
  const spawn = async (env: Record<string, string>) => {
    const service = await ServiceProcess.spawn({ ...SERVICE_ENV, ...env });
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
      const first = await spawn({ DATA_DIR: dataDir });
      const url = await first.listening;
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));

      const { code, output } = await (await spawn({ DATA_DIR: dataDir })).exited;
      expect(code).toBe(1);
      expect(output).toContain(`DATA_DIR=${resolve(dataDir)}`);
      expect(output).toContain(`pid ${first.pid}`);
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
      // The pid of a process that has exited, as the lock file of a killed process holds it.
      const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(join(dataDir, LOCK_FILE), `${deadPid}\n`);

      const service = await spawn({ DATA_DIR: dataDir });
      const url = await service.listening;
      expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(service.pid));
      expect((await fetch(`${url}/health/ready`)).status).toBe(200);
      await service.stop();
    },
    SLOW,
  );

  it(
    'refuses a DATA_DIR that cannot be a directory, naming DATA_DIR and the path',
    async () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a directory');
      const unusable = join(file, 'data');
      const { code, output } = await (await spawn({ DATA_DIR: unusable })).exited;
      expect(code).toBe(1);
      expect(output).toContain(`DATA_DIR=${resolve(unusable)}`);
      expect(output).toContain('ENOTDIR');
      expect(output).not.toContain('UnhandledPromiseRejection');
    },
    SLOW,
  );
});
