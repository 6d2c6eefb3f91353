import pg, { type Pool, type PoolConfig, type QueryResult, type QueryResultRow } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** Where the pool TypeORM made is kept: the latest one, should the data source be initialized again. */
interface MadePool {
  pool: Pool | undefined;
}

const pools = new WeakMap<DataSource, MadePool>();

/**
 * A TypeORM data source whose connection pool the statements below can use. TypeORM is handed node-postgres
 * through its public `driver` option, with a `Pool` class that records the pool TypeORM makes from it: both then
 * share one pool (PGlite, through its pg adapter, has a single connection to share).
 */
export function dataSourceWithPool(options: Extract<DataSourceOptions, { type: 'postgres' }>): DataSource {
  const made: MadePool = { pool: undefined };
  class RecordedPool extends pg.Pool {
    constructor(config?: PoolConfig) {
      super(config);
      made.pool = this;
    }
  }
  const dataSource = new DataSource({ ...options, driver: { ...pg, Pool: RecordedPool } });
  pools.set(dataSource, made);
  return dataSource;
}

/**
 * Runs one statement straight on the connection pool under TypeORM. `DataSource.query` makes a query runner,
 * takes a connection for it, logs and releases it on every call: about 100 µs of CPU a statement here, as much
 * as the pg driver's own work. The statements every question and every journal round make go through this
 * instead. Both databases are reached through a node-postgres pool (PGlite through its pg adapter), so the
 * errors are the driver's own, with their SQLSTATE `code`.
 */
export class PoolQuery {
  private readonly made: MadePool;

  constructor(dataSource: DataSource) {
    const made = pools.get(dataSource);
    if (made === undefined) {
      throw new Error('PoolQuery needs a data source made by dataSourceWithPool (src/platform/database/pool-query.ts)');
    }
    this.made = made;
  }

  /** The pool, once the data source is initialized (statements run only after that). */
  private get pool(): Pool {
    const pool = this.made.pool;
    if (pool === undefined) {
      throw new Error(
        'the data source has no connection pool: initialize it first, and keep TypeORM making its pool ' +
          "from the `driver` option's Pool (see dataSourceWithPool)",
      );
    }
    return pool;
  }

  /**
   * The rows of one statement. A `name` prepares the statement once per connection, so that PostgreSQL parses and
   * plans it once: for fixed statement texts only (one name, one text).
   */
  async rows<T extends QueryResultRow>(text: string, values: readonly unknown[] = [], name?: string): Promise<T[]> {
    const result = await this.pool.query<T>({ text, values: [...values], name });
    return result.rows;
  }

  /**
   * The rows of one statement run with settings of its own: `SET LOCAL` and the statement go in one message, which
   * PostgreSQL runs as one transaction, so the settings reach no other statement on the pooled connection and cost
   * no extra round trip. Being one message, the statement takes no parameters: its values are written into it by
   * the caller. `settings` are names and values written by the code, never input.
   */
  async rowsWithSettings<T extends QueryResultRow>(
    settings: Record<string, string | number>,
    statement: string,
  ): Promise<T[]> {
    const set = Object.entries(settings).map(([name, value]) => `SET LOCAL ${name} = ${value}`);
    const results = (await this.pool.query([...set, statement].join(';\n'))) as unknown as QueryResult<T>[];
    return results.at(-1)!.rows;
  }
}

const shared = new WeakMap<DataSource, PoolQuery>();

/** The pool query of a data source, made once. */
export function poolQuery(dataSource: DataSource): PoolQuery {
  let query = shared.get(dataSource);
  if (!query) {
    query = new PoolQuery(dataSource);
    shared.set(dataSource, query);
  }
  return query;
}
