import pg from 'pg';

/** The machine's PostgreSQL server; each test file gets a database of its own on it. */
export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const SERVER = TEST_DATABASE_SERVER;

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `citation_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    url: `${SERVER}/${name}`,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
