import type { Pool, QueryResult, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs one statement straight on the connection pool under TypeORM. `DataSource.query` makes a query runner,
 * takes a connection for it, logs and releases it on every call: about 100 µs of CPU a statement here, as much
 * as the pg driver's own work. The statements every question and every journal round make go through this
 * instead. Both databases are reached through a node-postgres pool (PGlite through its pg adapter), so the
 * errors are the driver's own, with their SQLSTATE `code`.
 */
export class PoolQuery {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
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
