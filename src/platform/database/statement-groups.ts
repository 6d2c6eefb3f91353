/**
 * Runs the records of many callers in one statement when they come while earlier statements of the same kind are
 * under way: the records that waited go together in the next one. A caller who finds a statement free is sent at
 * once, so nothing waits for a timer; under load, a statement that costs the database and the driver mostly the
 * same whatever it carries (locking its tables, starting its plan's nodes, one commit) is paid once for the group.
 * A few statements may be under way at once, so that one held up (by a row lock, say) does not hold up the rest.
 *
 * A group whose statement was refused for what one record holds (`runAlone` says which errors those are) is run
 * again record by record, one after another, so that only the record the database refuses fails its caller. Any
 * other failure (the database gone, say) fails the whole group: each caller retries as it would alone.
 */
export class StatementGroups<T, R> {
  private readonly waiting: { record: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private underWay = 0;

  /**
   * @param runGroup runs one statement for the records and gives each its result, in the records' order.
   * @param limits the most records a statement carries, and the most statements under way at once.
   * @param runAlone whether a group's error may be one record's, so that each is worth running alone.
   */
  constructor(
    private readonly runGroup: (records: readonly T[]) => Promise<R[]>,
    private readonly limits: { maxGroup: number; maxUnderWay: number },
    private readonly runAlone: (error: unknown) => boolean,
  ) {}

  run(record: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ record, resolve, reject });
      if (this.underWay < this.limits.maxUnderWay) void this.next();
    });
  }

  private async next(): Promise<void> {
    this.underWay++;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.limits.maxGroup);
      try {
        const results = await this.resultsOf(group.map((entry) => entry.record));
        group.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        if (group.length === 1 || !this.runAlone(error)) for (const entry of group) entry.reject(error);
        else await this.oneByOne(group);
      }
    }
    this.underWay--;
  }

  private async oneByOne(group: typeof this.waiting): Promise<void> {
    for (const entry of group) {
      try {
        entry.resolve((await this.resultsOf([entry.record]))[0]!);
      } catch (error) {
        entry.reject(error);
      }
    }
  }

  private async resultsOf(records: readonly T[]): Promise<R[]> {
    const results = await this.runGroup(records);
    if (results.length !== records.length) {
      throw new Error(`a group of ${records.length} records gave ${results.length} results`);
    }
    return results;
  }
}
