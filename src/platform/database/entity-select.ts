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
  private readonly read: (row: Record<string, unknown>) => T;

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
    this.read = entityReader(repository);
  }

  async many(params: readonly unknown[]): Promise<T[]> {
    const rows = await poolQuery(this.repository.manager.connection).rows<Record<string, unknown>>(
      this.sql,
      params,
      this.prepared ? this.name : undefined,
    );
    return rows.map(this.read);
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

/**
 * Reads the entity whose columns a row holds under `prefix` (see {@link selectList}), typed as TypeORM types them.
 * The columns' keys are worked out once, here, not for every row: every question reads its user, conversation and
 * knowledge bases through one.
 */
export function entityReader<T extends ObjectLiteral>(
  repository: Repository<T>,
  prefix = '',
): (row: Record<string, unknown>) => T {
  const columns = repository.metadata.columns.map((column) => ({
    key: `${prefix}${column.propertyName}`,
    property: column.propertyName,
    // PostgreSQL's driver gives bigint columns as strings, PGlite's may give numbers; entities hold strings.
    bigint: column.type === 'bigint',
  }));
  return (row) => {
    const entity: Record<string, unknown> = repository.create();
    for (const { key, property, bigint } of columns) {
      const value = row[key];
      entity[property] = bigint && (typeof value === 'number' || typeof value === 'bigint') ? String(value) : value;
    }
    return entity as T;
  };
}
