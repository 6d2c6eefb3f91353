import { execFile } from 'node:child_process';
import { chown, copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface InstanceOptions {
  /**
   * Extensions this server must not offer, as on a machine where they were never installed (for example
   * `['vector']`: a PostgreSQL without pgvector). See {@link installationWithout}.
   */
  withoutExtensions?: readonly string[];
}

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
    /** The directory of the server programs this instance runs: the machine's, or a copy without some extensions. */
    private readonly bin: string,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(options: InstanceOptions = {}): Promise<PostgresInstance> {
    const directory = await mkdtemp(join(tmpdir(), 'pg-instance-'));
    const { uid, gid } = await postgresIds();
    await chown(directory, uid, gid);
    const bin = options.withoutExtensions?.length
      ? await installationWithout(join(directory, 'installation'), options.withoutExtensions)
      : BIN;
    const instance = new PostgresInstance(directory, await freePort(), bin);
    await asPostgres(BIN, 'initdb', [
      '-D',
      instance.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    await instance.start();
    return instance;
  }

  private get dataDir(): string {
    return join(this.directory, 'data');
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await asPostgres(this.bin, 'pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      join(this.directory, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Stops the server; `immediate` drops every connection at once, as a crash or an outage would. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await asPostgres(this.bin, 'pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
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

async function asPostgres(bin: string, tool: string, args: string[]): Promise<void> {
  await run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 120_000 });
}

/**
 * The machine's PostgreSQL installation laid out again under `root`, without the named extensions. PostgreSQL
 * finds its share directory (and there `extension/*.control`) relative to the real path of its program, so copies
 * of `postgres` and `pg_ctl` beside a share directory that links every file but those extensions' make a server
 * to which they are not available at all: `pg_available_extensions` omits them and `CREATE EXTENSION` says they
 * are not installed. Libraries and everything else are the machine's own. Returns the copy's program directory.
 */
async function installationWithout(root: string, extensions: readonly string[]): Promise<string> {
  const { stdout } = await run(join(BIN, 'pg_config'), ['--sharedir']).catch(() => run('pg_config', ['--sharedir']));
  const share = stdout.trim();
  const bin = join(root, BIN);
  const copiedShare = join(root, share);
  await mkdir(bin, { recursive: true });
  await mkdir(join(copiedShare, 'extension'), { recursive: true });
  await Promise.all(['postgres', 'pg_ctl'].map((tool) => copyFile(join(BIN, tool), join(bin, tool))));
  await symlink(join(BIN, '..', 'lib'), join(bin, '..', 'lib'));
  for (const entry of await readdir(share)) {
    if (entry !== 'extension') await symlink(join(share, entry), join(copiedShare, entry));
  }
  const leftOut = (file: string) =>
    extensions.some((name) => file === `${name}.control` || file.startsWith(`${name}--`));
  for (const file of await readdir(join(share, 'extension'))) {
    if (!leftOut(file)) await symlink(join(share, 'extension', file), join(copiedShare, 'extension', file));
  }
  return bin;
}
