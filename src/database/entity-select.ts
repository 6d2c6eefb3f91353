import type { ObjectLiteral, Repository } from 'typeorm';
import { poolQuery } from './pool-query.js';

let statements = 0;

/**
 * Reads entities with one SQL text made once, instead of TypeORM's `find`, which builds, aliases and escapes its
 * query again on every call: for the look-ups every question makes (token, user, conversation, knowledge bases)
 * that building cost several times the database's own work. The select list comes from the entity's metadata,
 * so a column added to the entity is read too; `where` is SQL over the table's column names with `$n` parameters.
 */
export class EntitySelect<T extends ObjectLiteral> {
  private readonly sql: string;
  /** The prepared statement's name: each instance prepares its own text once per connection. */
  private readonly name = `entity_select_${++statements}`;
  /** bigint columns: PostgreSQL's driver gives strings, PGlite's may give numbers; entities hold strings. */
  private readonly bigints: string[];

  /**
   * `prepared`: run as a named statement, parsed and planned once per connection. Leave it off for a search
   * whose best plan depends on its parameters (a generic plan cannot see how selective they are).
   */
  constructor(
    private readonly repository: Repository<T>,
    where: string,
    private readonly prepared = true,
  ) {
    const { tableName, columns } = repository.metadata;
    const list = columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
    this.sql = `SELECT ${list} FROM "${tableName}" WHERE ${where}`;
    this.bigints = columns.filter((column) => column.type === 'bigint').map((column) => column.propertyName);
  }

  async many(params: readonly unknown[]): Promise<T[]> {
    const rows = await poolQuery(this.repository.manager.connection).rows<Record<string, unknown>>(
      this.sql,
      params,
      this.prepared ? this.name : undefined,
    );
    return rows.map((row) => {
      for (const name of this.bigints) {
        const value = row[name];
        if (typeof value === 'number' || typeof value === 'bigint') row[name] = String(value);
      }
      return Object.assign(this.repository.create(), row);
    });
  }

  async one(params: readonly unknown[]): Promise<T | null> {
    return (await this.many(params))[0] ?? null;
  }
}
