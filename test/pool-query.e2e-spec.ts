import { DataSource } from 'typeorm';
import { dataSourceWithPool, poolQuery } from '../src/platform/database/pool-query.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

/**
 * Statements sent past TypeORM go to the pool TypeORM itself uses, reached through TypeORM's public `driver`
 * option: with a pool of one connection, both are served by the same PostgreSQL backend. Should TypeORM stop
 * making its pool from the driver's `Pool`, this fails, as would every statement sent through `poolQuery`.
 */
describe('poolQuery', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it("runs statements on TypeORM's own pool, named ones prepared once", async () => {
    const dataSource = await dataSourceWithPool({
      type: 'postgres',
      url: database.url,
      extra: { max: 1 },
    }).initialize();
    try {
      const [typeorm] = await dataSource.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
      const sql = poolQuery(dataSource);
      const [direct] = await sql.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(direct!.pid).toBe(typeorm!.pid);
      await sql.rows('SELECT $1::int AS one', [1], 'pool_query_one');
      await sql.rows('SELECT $1::int AS one', [2], 'pool_query_one');
      const prepared = await sql.rows<{ name: string }>('SELECT name FROM pg_prepared_statements');
      expect(prepared.map(({ name }) => name)).toEqual(['pool_query_one']);
    } finally {
      await dataSource.destroy();
    }
  });

  it('says what is wrong when a data source was not made for it, or is not initialized', async () => {
    const plain = new DataSource({ type: 'postgres', url: database.url });
    expect(() => poolQuery(plain)).toThrow(/needs a data source made by dataSourceWithPool/);
    const uninitialized = dataSourceWithPool({ type: 'postgres', url: database.url });
    await expect(poolQuery(uninitialized).rows('SELECT 1')).rejects.toThrow(/has no connection pool: initialize it/);
  });
});
