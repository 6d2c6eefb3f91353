import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../src/platform/database/data-source.js';

/** The machine's PostgreSQL server; each test file gets a database of its own on it. */
export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const SERVER = TEST_DATABASE_SERVER;
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
/** Any values: the keys of the advisory locks under which one test process at a time makes a template. */
const TEMPLATE_LOCK = 7_315_220_001;
const EMBEDDED_TEMPLATE_LOCK = 7_315_220_002;

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The name of a database holding every committed migration: named by the migrations' contents, so that a changed
 * or added migration makes a new one, and a worktree with other migrations never uses this one.
 */
function templateName(): string {
  return `citation_template_${migrationsHash()}`;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(`${MIGRATIONS_DIR}${file}`));
  }
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * Makes the template once for all test processes and runs, under an advisory lock: migrated in a database of a
 * passing name, then renamed, so that no process ever copies a half-migrated template. Running the migrations
 * takes seconds; copying their result takes a fraction of one.
 */
function migratedTemplate(): Promise<string> {
  template ??= admin(async (client) => {
    const name = templateName();
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const making = `${name}_making_${process.pid}`;
        await client.query(`DROP DATABASE IF EXISTS "${making}"`);
        await client.query(`CREATE DATABASE "${making}"`);
        const open = await openDatabase({ url: `${SERVER}/${making}`, dataDir: '', runMigrations: true });
        await open.close();
        await client.query(`ALTER DATABASE "${making}" RENAME TO "${name}"`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
    return name;
  });
  return template;
}

/**
 * A fresh database with every migration already applied (the service's start finds none pending), or, for a test
 * of the migrations themselves, an `empty` one.
 */
export async function createTestDatabase({ empty = false } = {}): Promise<TestDatabase> {
  const name = `citation_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const from = empty ? undefined : await migratedTemplate();
  await admin((client) => client.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`));
  return {
    url: `${SERVER}/${name}`,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * An embedded (PGlite) data directory with every migration applied, kept in the temporary directory for every
 * test process and run with these migrations: made by one test process while the others wait (under an advisory
 * lock on the server, as the server's template), aside, then renamed into place, so that a half-made one is never
 * copied. Its initdb and migrations take seconds of CPU; a copy of it takes a fraction of one.
 */
let embeddedTemplate: Promise<string> | undefined;

function migratedDataDir(): Promise<string> {
  const template = join(tmpdir(), `citation-pglite-template-${migrationsHash()}`);
  if (existsSync(template)) return Promise.resolve(template);
  embeddedTemplate ??= admin(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [EMBEDDED_TEMPLATE_LOCK]);
    try {
      if (!existsSync(template)) {
        const making = mkdtempSync(`${template}-making-`);
        const open = await openDatabase({ url: undefined, dataDir: making, runMigrations: true });
        await open.close();
        try {
          renameSync(making, template);
        } catch (error) {
          // Made meanwhile by a test process of other code that does not take the lock: that one is used.
          rmSync(making, { recursive: true, force: true });
          if (!existsSync(template)) throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [EMBEDDED_TEMPLATE_LOCK]);
    }
    return template;
  });
  return embeddedTemplate;
}

/**
 * A new embedded (PGlite) data directory with every migration applied (at `dataDir`, or in a new temporary
 * directory), for a test whose service runs on the embedded database without testing how one is created: a
 * start on it opens the database, where a start on an empty directory would create it (seconds of CPU).
 */
export async function migratedDataDirCopy(
  dataDir = mkdtempSync(join(tmpdir(), 'citation-embedded-')),
): Promise<string> {
  cpSync(await migratedDataDir(), dataDir, { recursive: true });
  return dataDir;
}

/** A database of the test's own, migrated: on the machine's PostgreSQL server, or embedded (PGlite). */
export async function openTestDatabase(where: 'server' | 'pglite'): Promise<OpenDatabase> {
  if (where === 'server') {
    const database = await createTestDatabase();
    const open = await openDatabase({ url: database.url, dataDir: '', runMigrations: true });
    return { ...open, close: () => open.close().then(() => database.drop()) };
  }
  const dataDir = await migratedDataDirCopy();
  const open = await openDatabase({ url: undefined, dataDir, runMigrations: true });
  return { ...open, close: () => open.close().then(() => rmSync(dataDir, { recursive: true, force: true })) };
}
