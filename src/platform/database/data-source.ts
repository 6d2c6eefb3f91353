import { MigrationExecutor, type DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations/index.js';
import { DataDirUnusableError, lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { ENTITIES } from './entities/index.js';
import { PgliteThread } from './pglite-thread.js';
import { dataSourceWithPool } from './pool-query.js';

export interface DatabaseSettings {
  /** A PostgreSQL server; without it, the embedded PGlite database in `dataDir`. */
  url: string | undefined;
  dataDir: string;
  runMigrations: boolean;
  /** Load pgvector into the embedded database: only when embeddings are configured, as it costs memory. */
  vectors?: boolean;
}

export interface OpenDatabase {
  dataSource: DataSource;
  embedded: boolean;
  close(): Promise<void>;
}

/** Any value: the key of the advisory lock that serializes migrations across instances. */
const MIGRATION_LOCK = 7_246_513;

type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

const BASE: Pick<DataSourceOptions, 'entities' | 'migrations' | 'synchronize'> = {
  entities: ENTITIES,
  migrations: MIGRATIONS,
  synchronize: false,
};

export function serverOptions(url: string): PostgresOptions {
  return {
    type: 'postgres',
    url,
    ...BASE,
    extra: { max: 10 },
  };
}

/**
 * PostgreSQL settings of the embedded database, which bound the memory it keeps. Its WebAssembly heap never
 * gives memory back once grown, and PostgreSQL's defaults are sized for a server of its own: 128 MB of shared
 * buffers alone made half of the service's resident memory. The files sit in the operating system's page
 * cache anyway, so fewer buffers cost a copy, not a disk read; 16 MB for index builds still sorts a large
 * upload's chunks in a few passes.
 */
export const EMBEDDED_SERVER_SETTINGS: readonly string[] = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * Opens the database: a PostgreSQL server when a URL is given, else PGlite keeping its files in `dataDir`, in a
 * thread of its own (pglite-thread.ts). PGlite is one session, so its pool has exactly one connection that is
 * never closed while idle.
 */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  let thread: PgliteThread | undefined;
  let lock: DataDirLock | undefined;
  let options: PostgresOptions;
  if (settings.url) {
    options = serverOptions(settings.url);
  } else {
    lock = lockDataDir(settings.dataDir);
    try {
      thread = await PgliteThread.start({
        dataDir: settings.dataDir,
        vectors: settings.vectors ?? false,
        serverSettings: [...EMBEDDED_SERVER_SETTINGS],
      });
    } catch (error) {
      lock.release();
      throw new DataDirUnusableError(settings.dataDir, error instanceof Error ? error.message : String(error));
    }
    const connectTo = thread;
    options = {
      type: 'postgres',
      ...BASE,
      host: 'localhost',
      username: 'postgres',
      database: 'postgres',
      extra: { stream: () => connectTo.connect(), max: 1, idleTimeoutMillis: 0 },
    };
  }
  let dataSource: DataSource | undefined;
  try {
    dataSource = await dataSourceWithPool(options).initialize();
    if (settings.runMigrations) await migrate(dataSource);
  } catch (error) {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await thread?.close();
    lock?.release();
    throw error;
  }
  return {
    dataSource,
    embedded: thread !== undefined,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await thread?.close();
      lock?.release();
    },
  };
}

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so that instances starting together run each
 * migration once. Lock and migrations share one connection (PGlite has no second one).
 */
export async function migrate(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await new MigrationExecutor(dataSource, runner).executePendingMigrations();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

/** The SQL that would bring the database in line with the entities; empty when migrations match them. */
export async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
