/** A MyBatis-Plus `Page` as legacy clients read it: `records` and `total`, with the paging numbers beside them. */
export interface LegacyPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function legacyPage<T>(records: T[], total: number, current: number, size: number): LegacyPage<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
