import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/** A node of a plan PostgreSQL explains as JSON. */
export interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * Every node of a plan, less the sub-plans run once for the whole statement and what they hold: an uncorrelated
 * sub-select is explained as an `InitPlan n`. (A CTE is explained as an InitPlan too, but named `CTE …`: kept.)
 */
export function planNodes(node: PlanNode): PlanNode[] {
  if (node['Parent Relationship'] === 'InitPlan' && node['Subplan Name']?.startsWith('InitPlan')) return [];
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The nodes, besides once-run sub-selects, whose expressions call `fn`: work a plan would do for every row. */
export function perRowCalls(root: PlanNode, fn: string): PlanNode[] {
  return planNodes(root).filter((node) => JSON.stringify({ ...node, Plans: undefined }).includes(`${fn}(`));
}

/** A statement as the pool was handed it. */
export interface SentStatement {
  text: string;
  values: unknown[];
  name?: string;
}

/** Calls `seen` with every statement sent through the data source's pool while `work` runs; the pool is as it was after. */
export async function watchStatements(
  dataSource: DataSource,
  seen: (statement: SentStatement) => void,
  work: () => Promise<unknown>,
): Promise<void> {
  const pool = (dataSource.driver as unknown as { master: Pool }).master as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const query = pool.query;
  pool.query = (...args: unknown[]) => {
    const config = args[0] as string | { name?: string; text?: string; values?: unknown[] };
    if (typeof config === 'string') seen({ text: config, values: (args[1] as unknown[] | undefined) ?? [] });
    else seen({ text: config.text ?? '', values: config.values ?? [], ...(config.name ? { name: config.name } : {}) });
    return query.apply(pool, args);
  };
  try {
    await work();
  } finally {
    pool.query = query;
  }
}

/** The last statement sent under a name starting with `prefix` while `work` ran. */
export async function capturedStatement(
  dataSource: DataSource,
  prefix: string,
  work: () => Promise<unknown>,
): Promise<SentStatement | undefined> {
  let last: SentStatement | undefined;
  await watchStatements(dataSource, (statement) => statement.name?.startsWith(prefix) && (last = statement), work);
  return last;
}

/**
 * The plan PostgreSQL may keep for a prepared statement after five runs, made for any values rather than these,
 * with `settings` (such as `enable_seqscan = off`) in force while it is made.
 */
export async function genericPlan(
  dataSource: DataSource,
  statement: { text: string; values: readonly unknown[] },
  settings: readonly string[] = [],
): Promise<PlanNode> {
  const literal = (value: unknown): string =>
    Array.isArray(value) ? `ARRAY[${value.map(literal).join(', ')}]` : `'${String(value).replaceAll("'", "''")}'`;
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SET plan_cache_mode = force_generic_plan');
    for (const setting of settings) await runner.query(`SET ${setting}`);
    await runner.query(`PREPARE generic_plan_test AS ${statement.text}`);
    const [row] = (await runner.query(
      `EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE generic_plan_test(${statement.values.map(literal).join(', ')})`,
    )) as { 'QUERY PLAN': unknown }[];
    await runner.query('DEALLOCATE generic_plan_test');
    const json = row!['QUERY PLAN'];
    const [{ Plan: root }] = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }];
    return root;
  } finally {
    await runner.query('RESET ALL');
    await runner.release();
  }
}
