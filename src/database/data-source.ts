import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { vector } from '@electric-sql/pglite-pgvector';
import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { DataDirUnusableError, lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { ENTITIES } from './entities/index.js';

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

const BASE: Pick<DataSourceOptions, 'entities' | 'migrations' | 'synchronize'> = {
  entities: ENTITIES,
  migrations: MIGRATIONS,
  synchronize: false,
};

export function serverOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    ...BASE,
    extra: { max: 10 },
  };
}

/**
 * Opens the database: a PostgreSQL server when a URL is given, else PGlite keeping its files in `dataDir`.
 * PGlite is one session, so its pool has exactly one connection that is never closed while idle.
 */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  let pglite: PGlite | undefined;
  let lock: DataDirLock | undefined;
  let options: DataSourceOptions;
  if (settings.url) {
    options = serverOptions(settings.url);
  } else {
    lock = lockDataDir(settings.dataDir);
    try {
      pglite = new PGlite(settings.dataDir, {
        extensions: settings.vectors ? { pg_trgm, vector } : { pg_trgm },
      });
      await pglite.waitReady;
    } catch (error) {
      lock.release();
      throw new DataDirUnusableError(settings.dataDir, error instanceof Error ? error.message : String(error));
    }
    const config = createPgConfig(pglite);
    options = {
      type: 'postgres',
      ...BASE,
      host: config.host,
      port: config.port,
      username: config.user,
      password: config.password,
      database: config.database,
      extra: { connection: config.connection, max: 1, idleTimeoutMillis: 0 },
    };
  }
  let dataSource: DataSource | undefined;
  try {
    dataSource = await new DataSource(options).initialize();
    if (settings.runMigrations) await migrate(dataSource);
  } catch (error) {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await pglite?.close();
    lock?.release();
    throw error;
  }
  return {
    dataSource,
    embedded: pglite !== undefined,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await pglite?.close();
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
