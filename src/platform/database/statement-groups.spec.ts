import { StatementGroups } from './statement-groups.js';

/**
 * A statement that is under way until the records given meanwhile (in the same turn of the event loop) have come,
 * records each group it was given, and refuses any group holding `refused`.
 */
function recordingStatement(refused?: string) {
  const groups: string[][] = [];
  const run = async (records: readonly string[]) => {
    groups.push([...records]);
    await new Promise((resolve) => setImmediate(resolve));
    if (refused !== undefined && records.includes(refused)) throw new Error(`refused ${refused}`);
    return records.map((record) => record.toUpperCase());
  };
  return { groups, run };
}

describe('StatementGroups', () => {
  it('sends a record alone at once, and those that come meanwhile together, in order', async () => {
    const statement = recordingStatement();
    const groups = new StatementGroups(statement.run, { maxGroup: 10, maxUnderWay: 1 }, () => true);
    const first = groups.run('a');
    expect(statement.groups).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((record) => groups.run(record));
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', 'C', 'D']);
    expect(statement.groups).toEqual([['a'], ['b', 'c', 'd']]);
    // Idle again: the next record is sent at once.
    await groups.run('e');
    expect(statement.groups.at(-1)).toEqual(['e']);
  });

  it('carries at most maxGroup records a statement', async () => {
    const statement = recordingStatement();
    const groups = new StatementGroups(statement.run, { maxGroup: 2, maxUnderWay: 1 }, () => true);
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((record) => groups.run(record)));
    expect(statement.groups).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['f']]);
  });

  it('runs a refused group again record by record, so that only the refused record fails', async () => {
    const statement = recordingStatement('c');
    const groups = new StatementGroups(statement.run, { maxGroup: 10, maxUnderWay: 1 }, () => true);
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((record) => groups.run(record)));
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      'A',
      'B',
      'Error: refused c',
      'D',
    ]);
    expect(statement.groups).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
    // The groups go on after a failure.
    expect(await groups.run('e')).toBe('E');
  });

  it("fails the whole group when its error is not one record's", async () => {
    const statement = recordingStatement('c');
    const groups = new StatementGroups(statement.run, { maxGroup: 10, maxUnderWay: 1 }, () => false);
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((record) => groups.run(record)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    expect(statement.groups).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('keeps up to maxUnderWay statements under way, grouping what comes while all are busy', async () => {
    const statement = recordingStatement();
    const groups = new StatementGroups(statement.run, { maxGroup: 10, maxUnderWay: 2 }, () => true);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((record) => groups.run(record)));
    expect(statement.groups).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
  });

  it('fails the callers of a statement that gives fewer results than records', async () => {
    const groups = new StatementGroups(
      () => Promise.resolve(['only one']),
      { maxGroup: 10, maxUnderWay: 1 },
      () => false,
    );
    await expect(groups.run('a')).resolves.toBe('only one');
    const results = await Promise.allSettled([groups.run('b'), groups.run('c'), groups.run('d')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
  });
});
