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

  /**
   * `prepared`: run as a named statement, parsed and planned once per connection. Leave it off for a search
   * whose best plan depends on its parameters (a generic plan cannot see how selective they are).
   */
  constructor(
    private readonly repository: Repository<T>,
    where: string,
    private readonly prepared = true,
  ) {
    this.sql = `SELECT ${selectList(repository)} FROM "${repository.metadata.tableName}" WHERE ${where}`;
  }

  async many(params: readonly unknown[]): Promise<T[]> {
    const rows = await poolQuery(this.repository.manager.connection).rows<Record<string, unknown>>(
      this.sql,
      params,
      this.prepared ? this.name : undefined,
    );
    return rows.map((row) => entityOf(this.repository, row));
  }

  async one(params: readonly unknown[]): Promise<T | null> {
    return (await this.many(params))[0] ?? null;
  }
}

/**
 * An entity's columns for a select list, each named by its property (after `prefix`, so that two entities' columns
 * can share a row), from the table or its `alias`.
 */
export function selectList(repository: Repository<ObjectLiteral>, alias?: string, prefix = ''): string {
  const from = alias ? `"${alias}".` : '';
  return repository.metadata.columns
    .map((column) => `${from}"${column.databaseName}" AS "${prefix}${column.propertyName}"`)
    .join(', ');
}

/** The entity whose columns a row holds under `prefix` (see {@link selectList}), typed as TypeORM types them. */
export function entityOf<T extends ObjectLiteral>(
  repository: Repository<T>,
  row: Record<string, unknown>,
  prefix = '',
): T {
  const entity: Record<string, unknown> = {};
  for (const column of repository.metadata.columns) {
    const value = row[`${prefix}${column.propertyName}`];
    // bigint columns: PostgreSQL's driver gives strings, PGlite's may give numbers; entities hold strings.
    entity[column.propertyName] =
      column.type === 'bigint' && (typeof value === 'number' || typeof value === 'bigint') ? String(value) : value;
  }
  return Object.assign(repository.create(), entity);
}
