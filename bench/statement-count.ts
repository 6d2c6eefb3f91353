/**
 * Counts the statements this process sends PostgreSQL, by statement: the benchmark server installs it before the
 * application starts, so that a question's statements can be counted where the server's log cannot be turned on.
 * It wraps node-postgres's public `Client.query`, which every pool, TypeORM and the listeners send through.
 */
import pg from 'pg';

const counts = new Map<string, number>();

/** A statement's name when it is prepared, else the start of its text on one line. */
function labelOf(config: unknown): string {
  if (typeof config === 'string') return config.replace(/\s+/g, ' ').trim().slice(0, 60);
  const { name, text } = (config ?? {}) as { name?: unknown; text?: unknown };
  if (typeof name === 'string' && name !== '') return name;
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim().slice(0, 60) : '(a query object)';
}

let installed = false;

export function countStatements(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const label = labelOf(args[0]);
    counts.set(label, (counts.get(label) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Statements sent so far, by label. */
export function statementCounts(): Record<string, number> {
  return Object.fromEntries(counts);
}

/** The statements of `after` not yet sent at `before`, by label, and their total. */
export function statementsBetween(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): { total: number; byLabel: Record<string, number> } {
  const byLabel: Record<string, number> = {};
  let total = 0;
  for (const [label, count] of Object.entries(after)) {
    const sent = count - (before[label] ?? 0);
    if (sent === 0) continue;
    byLabel[label] = sent;
    total += sent;
  }
  return { total, byLabel };
}
