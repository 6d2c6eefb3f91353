import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A PostgreSQL server of the test's own (initdb into a temporary directory, a free port), so that a test can
 * stop, restart or kill it without touching the machine's shared server. Runs as the postgres user.
 */
export class PostgresInstance {
  private constructor(
    readonly directory: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(): Promise<PostgresInstance> {
    const directory = await mkdtemp(join(tmpdir(), 'pg-instance-'));
    const { uid, gid } = await postgresIds();
    await chown(directory, uid, gid);
    const instance = new PostgresInstance(directory, await freePort());
    await asPostgres('initdb', ['-D', instance.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await instance.start();
    return instance;
  }

  private get dataDir(): string {
    return join(this.directory, 'data');
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await asPostgres('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.directory, 'log'), '-w', 'start']);
  }

  /** Stops the server; `immediate` drops every connection at once, as a crash or an outage would. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await asPostgres('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    await rm(this.directory, { recursive: true, force: true });
  }
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function asPostgres(tool: string, args: string[]): Promise<void> {
  await run('runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args], { timeout: 120_000 });
}
