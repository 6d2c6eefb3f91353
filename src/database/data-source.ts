import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { DataSource, MigrationExecutor, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';
import { ENTITIES } from './entities/index.js';

export interface DatabaseSettings {
  /** A PostgreSQL server; without it, the embedded PGlite database in `dataDir`. */
  url: string | undefined;
  dataDir: string;
  runMigrations: boolean;
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

/**
 * Trigram word similarity a chunk needs to match the Chinese or Japanese part of a question. Set for every
 * connection, because the `<%` operator that the trigram index answers reads it from the session.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.15;

export function serverOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    ...BASE,
    extra: { max: 10, options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}` },
  };
}

/**
 * Opens the database: a PostgreSQL server when a URL is given, else PGlite keeping its files in `dataDir`.
 * PGlite is one session, so its pool has exactly one connection that is never closed while idle.
 */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  let pglite: PGlite | undefined;
  let options: DataSourceOptions;
  if (settings.url) {
    options = serverOptions(settings.url);
  } else {
    mkdirSync(settings.dataDir, { recursive: true });
    pglite = new PGlite(settings.dataDir, { extensions: { pg_trgm } });
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
  const dataSource = await new DataSource(options).initialize();
  // PGlite has no startup options; its one session is set here instead.
  if (pglite) await dataSource.query(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  try {
    if (settings.runMigrations) await migrate(dataSource);
  } catch (error) {
    await dataSource.destroy();
    await pglite?.close();
    throw error;
  }
  return {
    dataSource,
    embedded: pglite !== undefined,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await pglite?.close();
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
